/**
 * Templates as administrators manage them (docs/design.md, "Templates"): the platform's
 * common library (`common_templates` and its versions, no company), and on a company's own
 * templates a category, a sort key, the common template it was copied from, and
 * `deleted_at` (a deleted template stays for the orders that keep its versions). A name is
 * unique among a company's templates that are not deleted. The category must be the
 * company's own: a composite foreign key on PostgreSQL, triggers on SQLite (which cannot
 * add a constraint to a table). Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg, serialKey } from './dialect.ts';

type Db = Kysely<any>;

const ts = 'varchar(32)';

function table(db: Db, name: string) {
  return db.schema.createTable(name).addColumn('id', ...serialKey(db));
}

const SQLITE_TRIGGERS = ['insert', 'update'].map(
  (event) => sql`
  create trigger ${sql.raw(`templates_category_company_${event}`)}
  before ${sql.raw(event)} ${sql.raw(event === 'update' ? 'of category_id, company_id ' : '')}on templates
  when new.category_id is not null
    and not exists (select 1 from categories c where c.id = new.category_id and c.company_id = new.company_id)
  begin select raise(abort, 'FOREIGN KEY constraint failed'); end`,
);

export async function up(db: Db): Promise<void> {
  await table(db, 'common_templates')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('common_templates_name').on('common_templates').column('name').unique().execute();
  await table(db, 'common_template_versions')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('common_templates.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('common_template_versions_tv', ['template_id', 'version'])
    .execute();

  await db.schema.alterTable('templates').addColumn('category_id', 'integer').execute();
  await db.schema
    .alterTable('templates')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('templates').addColumn('source_id', 'integer').execute();
  await db.schema.alterTable('templates').addColumn('deleted_at', ts).execute();
  await sql`create unique index templates_company_name on templates (company_id, name) where deleted_at is null`.execute(db);
  if (isPg(db)) {
    await sql`alter table templates add constraint templates_category_id_company_fk foreign key (company_id, category_id) references categories (company_id, id)`.execute(
      db,
    );
  } else {
    for (const trigger of SQLITE_TRIGGERS) await trigger.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isPg(db)) await sql`alter table templates drop constraint templates_category_id_company_fk`.execute(db);
  else for (const event of ['insert', 'update']) await sql`drop trigger ${sql.raw(`templates_category_company_${event}`)}`.execute(db);
  await db.schema.dropIndex('templates_company_name').execute();
  for (const column of ['deleted_at', 'source_id', 'sort', 'category_id']) await db.schema.alterTable('templates').dropColumn(column).execute();
  await db.schema.dropTable('common_template_versions').execute();
  await db.schema.dropTable('common_templates').execute();
}
