/** The database handle services pass down: the app's `db` or an open transaction. */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** Whether `db` (or a transaction of it) talks to PostgreSQL; otherwise it is SQLite. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
