/**
 * The store of @fastify/rate-limit kept in the database (docs/design.md, "Scale"): a limit
 * counts every process and machine on the same database, not one process's memory. A
 * fixed window per (route, key) that starts again once it has run out. The hits that
 * arrive in one turn of the event loop go as one upsert per key, counting them all, each
 * caller told its own place in the count (under load most public calls come in such
 * batches: one round trip instead of one each); counted in the next group of writes on
 * SQLite and answered before its commit (db/group-commit.ts `groupedCount`), on
 * PostgreSQL committed without waiting for the disk
 * (docs/design.md, "Rate limits commit without a flush"). Old windows go with the hourly purge.
 * With `REDIS_URL` set, the limit is counted in Redis instead (http/redis-rate-limit.ts).
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { groupedCount } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import { dbTurnBatch } from '../db/turn-batch-of.ts';
import { hitRateLimit } from '../modules/maintenance/rate-limit-repo.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A store constructor bound to `db`, for `register(rateLimit, { store })`. */
export function databaseRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  /** The n calls of one key (and window length) in one turn: one upsert; the i-th hears count - n + 1 + i. */
  const hit = dbTurnBatch(
    db,
    async (k: { key: string; windowMs: number }, n: number) => {
      const at = Date.now();
      const r = await groupedCount(db, (handle) => hitRateLimit(handle, k.key, at, k.windowMs, n, { durable: false }));
      const ttl = Math.max(0, r.windowStart + k.windowMs - at);
      return Array.from({ length: n }, (_, i) => ({ current: r.count - n + 1 + i, ttl }));
    },
    (k) => `${k.windowMs}|${k.key}`,
  );

  class DatabaseStore {
    constructor(private readonly route = '') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      hit({ key: `${this.route}|${key}`.slice(0, 255), windowMs: timeWindow }).then(
        (r) => cb(null, r),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = routeOptions.routeInfo ?? {};
      return new DatabaseStore(`${String(info.method ?? '')} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
