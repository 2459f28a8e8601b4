/**
 * The whole domain model of docs/design.md, "Domain model". Times are ISO-8601 UTC text,
 * JSON is text, booleans are 0/1 integers, so one query shape serves SQLite and PostgreSQL.
 * Never imports application code (migrations must stay valid as the app changes).
 */
import { type Kysely, type CreateTableBuilder } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;

function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  return db.schema.createTable(name).addColumn('id', ...serialKey(db));
}

const text = 'text';
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await table(db, 'users')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_platform_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await table(db, 'companies')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('order_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table(db, 'departments')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('departments_company').on('departments').columns(['company_id', 'parent_id']).execute();

  await table(db, 'positions')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('positions_company').on('positions').column('company_id').execute();

  await table(db, 'roles')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_company').on('roles').column('company_id').execute();

  await table(db, 'menus')
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('url_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('actions', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('menu_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table(db, 'role_permissions')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('actions', text, (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('role_permissions_role_menu', ['role_id', 'menu_id'])
    .execute();

  await table(db, 'staff')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('staff_company_user', ['company_id', 'user_id'])
    .execute();
  await db.schema.createIndex('staff_user').on('staff').column('user_id').execute();

  await table(db, 'categories')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_company').on('categories').column('company_id').execute();

  await table(db, 'templates')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('schema', text, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_company').on('templates').column('company_id').execute();

  // Every published version of a template, so an order always shows the form it was filled in.
  await table(db, 'template_versions')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('schema', text, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('template_versions_tv', ['template_id', 'version'])
    .execute();

  await table(db, 'applications')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_company').on('applications').column('company_id').execute();

  await table(db, 'application_staff')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addUniqueConstraint('application_staff_as', ['application_id', 'staff_id'])
    .execute();
  await db.schema.createIndex('application_staff_staff').on('application_staff').columns(['company_id', 'staff_id']).execute();

  await table(db, 'requesters')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('ident_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table(db, 'work_orders')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id'))
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('handler_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('requester_id', 'integer', (c) => c.references('requesters.id'))
    .addColumn('requester_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('requester_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('creator_staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('form_data', text, (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('completed_at', ts)
    .addColumn('deleted_at', ts)
    .addUniqueConstraint('work_orders_company_no', ['company_id', 'order_no'])
    .execute();
  await db.schema.createIndex('work_orders_company_id').on('work_orders').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('work_orders_company_status').on('work_orders').columns(['company_id', 'status', 'id']).execute();
  await db.schema.createIndex('work_orders_handler').on('work_orders').columns(['company_id', 'handler_id', 'status']).execute();
  await db.schema.createIndex('work_orders_application').on('work_orders').columns(['company_id', 'application_id', 'id']).execute();
  await db.schema.createIndex('work_orders_created').on('work_orders').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('work_orders_requester').on('work_orders').columns(['requester_id']).execute();

  // Live per-status counts of each company's orders, kept in the transaction of every
  // status change, so the awaiting-assignment reminder stays O(1) at a million orders.
  await db.schema
    .createTable('work_order_status_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_order_status_counts_pk', ['company_id', 'status'])
    .execute();

  await table(db, 'work_order_records')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)')
    .addColumn('actor_staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('actor_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('target_name', 'varchar(64)')
    .addColumn('note', 'varchar(2000)')
    .addColumn('is_internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_order_records_order').on('work_order_records').columns(['work_order_id', 'id']).execute();

  await table(db, 'operation_logs')
    .addColumn('company_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('module', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('detail', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_logs_company').on('operation_logs').columns(['company_id', 'id']).execute();

  await table(db, 'sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await table(db, 'login_failures')
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'created_at']).execute();

  await table(db, 'uploads')
    .addColumn('company_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('file_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await table(db, 'qr_logins')
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
}

const TABLES = [
  'qr_logins',
  'uploads',
  'login_failures',
  'sessions',
  'operation_logs',
  'work_order_records',
  'work_order_status_counts',
  'work_orders',
  'requesters',
  'application_staff',
  'applications',
  'template_versions',
  'templates',
  'categories',
  'staff',
  'role_permissions',
  'menus',
  'roles',
  'positions',
  'departments',
  'companies',
  'users',
];

export async function down(db: Db): Promise<void> {
  for (const t of TABLES) await db.schema.dropTable(t).ifExists().execute();
}
