/**
 * SQLite: compiled queries run straight on the connection inside a grouped transaction
 * (docs/design.md, "Group commit"). Kysely sends each query of a transaction through its
 * executor: a new executor object per query, the transaction's connection mutex, a chain of
 * awaits, the plugins' pass over the result. On SQLite the statement itself is a synchronous
 * call on the one connection, and a public create runs ~12 of them; the way through Kysely
 * around each was measured at 1.2-1.8 us a statement in a loop (0.45-0.6 us run directly).
 * Only `trx.executeQuery(compiled)` (our compiled-once queries, db/compiled.ts) takes this
 * way; queries Kysely builds and runs itself keep its executor. A direct query runs at once
 * and one through Kysely some awaits later, so a unit awaits each query before the next (as
 * every grouped unit does): two sent together could run in the other order.
 */
import type Database from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.ts';
import type { Db } from './types.ts';

/** A prepared statement as Kysely's SQLite driver uses it, and as the connection's statement cache gives it (connect.ts). */
export interface SqliteStatement {
  readonly reader: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): Database.RunResult;
  iterate(params: readonly unknown[]): IterableIterator<unknown>;
}

/** What runs a compiled query on a SQLite connection: its statement cache's `prepare`. */
export type Prepare = (text: string) => SqliteStatement;

const prepares = new WeakMap<Kysely<DB>, Prepare>();

/** Registers the statement cache of SQLite database `db` (connect.ts, when it opens one). */
export function runsDirect(db: Kysely<DB>, prepare: Prepare): void {
  prepares.set(db, prepare);
}

/**
 * Runs `work` with `trx`, a transaction of `db`, answering `trx.executeQuery(compiled)` on
 * the connection directly (as Kysely's SQLite connection would, same result shape) while
 * `work` runs; afterwards the transaction refuses it, as Kysely's refuses a query once
 * committed. A database without a registered cache (PostgreSQL) runs `work` as it is.
 */
export async function withDirectQueries<T>(db: Kysely<DB>, trx: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const prepare = prepares.get(db);
  if (!prepare) return work(trx);
  let open = true;
  // eslint-disable-next-line @typescript-eslint/require-await -- async for the shape Kysely's executeQuery has: errors as rejections
  const direct = async (query: CompiledQuery): Promise<QueryResult<unknown>> => {
    if (!open) throw new Error('the grouped transaction has ended');
    const stmt = prepare(query.sql);
    if (stmt.reader) return { rows: stmt.all(query.parameters) };
    const { changes, lastInsertRowid } = stmt.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
  Object.defineProperty(trx, 'executeQuery', { value: direct, configurable: true });
  try {
    return await work(trx);
  } finally {
    open = false;
  }
}
