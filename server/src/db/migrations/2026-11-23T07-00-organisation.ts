/**
 * What running an organisation needs (docs/design.md, "Domain model" and "Organisation"):
 * a department leader, a role's data scope (`company`, `department` or `own`), removed
 * staff kept for history (`deleted_at`), a password to change at the next sign-in, the kind
 * of object an operation-log row is about, and uniqueness the database keeps: a job number
 * per company, a department name among its siblings. Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('departments').addColumn('leader_staff_id', 'integer').execute();
  await db.schema
    .alterTable('roles')
    .addColumn('data_scope', 'varchar(16)', (c) => c.notNull().defaultTo('company'))
    .execute();
  await db.schema.alterTable('staff').addColumn('deleted_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('operation_logs')
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('staff_company_job_number').on('staff').columns(['company_id', 'job_number']).unique().execute();
  await db.schema.createIndex('departments_sibling_name').on('departments').columns(['company_id', 'parent_id', 'name']).unique().execute();
  await db.schema.createIndex('staff_company_department').on('staff').columns(['company_id', 'department_id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('staff_company_department').execute();
  await db.schema.dropIndex('departments_sibling_name').execute();
  await db.schema.dropIndex('staff_company_job_number').execute();
  await db.schema.alterTable('operation_logs').dropColumn('target_type').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
  await db.schema.alterTable('staff').dropColumn('deleted_at').execute();
  await db.schema.alterTable('roles').dropColumn('data_scope').execute();
  await db.schema.alterTable('departments').dropColumn('leader_staff_id').execute();
}
