/**
 * Rate-limit windows shared by every process on the database (docs/design.md, "Scale"):
 * one row per (route, caller key) with the start of its window (ms since the epoch) and
 * the requests counted in it. Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_window').on('rate_limit_hits').column('window_start').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
