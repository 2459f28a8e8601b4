/**
 * One import at a time per company, across processes: a row per running import, with an
 * expiry so a crashed process cannot hold the lock for ever. Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('import_locks')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id'))
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('import_locks').execute();
}
