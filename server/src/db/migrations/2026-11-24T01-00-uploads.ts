/**
 * Uploads (docs/design.md, "Uploads"). The table of the initial schema was never written
 * to, so it is made again in its final shape: every upload belongs to a company (staff's,
 * or the company of the application a requester filled in), says its kind and where its
 * thumbnail is, and names the order it was attached to (null until then: such uploads are
 * purged after a day). `(company_id, work_order_id)` points at the company's own order.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('application_id', 'integer')
    .addColumn('work_order_id', 'integer')
    .addColumn('file_key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(32)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addForeignKeyConstraint('uploads_order_fk', ['company_id', 'work_order_id'], 'work_orders', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('uploads_order_idx').on('uploads').columns(['company_id', 'work_order_id']).execute();
  await db.schema.createIndex('uploads_unattached_idx').on('uploads').columns(['created_at']).where(sql.ref('work_order_id'), 'is', null).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('file_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}
