/**
 * Calls of one turn answered together, in shares sized for the database (docs/design.md,
 * "Bursts answered in shares"): MAX_MERGE on PostgreSQL (as many as a merged commit holds,
 * db/statement-merge.ts), the whole burst at once on SQLite.
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
