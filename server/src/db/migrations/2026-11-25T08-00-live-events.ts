/**
 * The outbox of live updates on SQLite (docs/design.md, "Live updates"): each work-order
 * change writes one row in its own transaction, and every process reads the rows after the
 * last id it saw. SQLite serialises writers, so ids grow in commit order and a reader never
 * skips a row that commits late. PostgreSQL uses LISTEN/NOTIFY instead and leaves the table
 * empty; it exists there too so both databases have one schema. Never imports application
 * code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('live_events')
    .addColumn('id', ...serialKey(db))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The purge of rows past their minutes.
  await db.schema.createIndex('live_events_created_idx').on('live_events').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('live_events').execute();
}
