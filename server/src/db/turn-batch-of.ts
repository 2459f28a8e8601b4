/**
 * Calls of one turn answered together, sized for the database (docs/design.md, "Bursts
 * answered in shares"). On PostgreSQL a burst is answered MAX_MERGE calls at a time, as
 * many as a merged commit holds (db/statement-merge.ts), so the first share's next
 * statement goes out while the server handles the rest. SQLite answers the whole burst at
 * once: its statements run in this process, and shares there made creates slower.
 */
import type { Kysely } from 'kysely';
import { turnBatch } from '../lib/turn-batch.ts';
import type { DB } from './schema.ts';
import { MAX_MERGE } from './statement-merge.ts';
import { isPostgres } from './types.ts';

/** `turnBatch(load, idOf)` (lib/turn-batch.ts) with the share chosen for `db`. */
export function dbTurnBatch<K, V>(db: Kysely<DB>, load: (key: K, n: number) => Promise<V[]>, idOf: (key: K) => string): (key: K) => Promise<V> {
  return turnBatch(load, idOf, { share: isPostgres(db) ? MAX_MERGE : Infinity });
}
