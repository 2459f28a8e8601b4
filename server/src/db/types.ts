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

/**
 * SQLite: the rowid of the row a single-row INSERT just made (Kysely's `insertId`), as the
 * table's id type. Throws when the result has none (a PostgreSQL result, or not an insert).
 * Hot inserts read their id this way rather than by RETURNING (work-orders/repo.ts, orderInsert).
 */
export function insertedId<T extends number>(result: { insertId?: bigint }): T {
  if (result.insertId === undefined) throw new Error('insertedId: the statement gave no rowid');
  return Number(result.insertId) as T;
}
