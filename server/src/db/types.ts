/** The database handle services pass down: the app's `db` or an open transaction. */
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** Whether `db` (or a transaction of it) talks to PostgreSQL; otherwise it is SQLite. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The counter stripe this connection writes (docs/design.md, "Counters and order numbers"):
 * its PostgreSQL backend's pid, so no two open transactions ever update the same counter
 * row; 0 on SQLite, whose writers take turns anyway.
 */
export function counterStripe(db: Db): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`pg_backend_pid()` : sql<number>`0`;
}
