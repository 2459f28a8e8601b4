/**
 * The store of @fastify/rate-limit kept in the database (docs/design.md, "Scale"): a limit
 * counts every process and machine on the same database, not one process's memory. One
 * upsert per limited request: a fixed window per (route, key) that starts again once it
 * has run out, committed with the writes due at the same moment on SQLite
 * (db/group-commit.ts). Old windows go with the hourly purge.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { groupedStatement } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import { hitRateLimit } from '../modules/maintenance/rate-limit-repo.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A store constructor bound to `db`, for `register(rateLimit, { store })`. */
export function databaseRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(private readonly route = '') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const at = Date.now();
      groupedStatement(db, (handle) => hitRateLimit(handle, `${this.route}|${key}`.slice(0, 255), at, timeWindow)).then(
        (r) => cb(null, { current: r.count, ttl: Math.max(0, r.windowStart + timeWindow - at) }),
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
