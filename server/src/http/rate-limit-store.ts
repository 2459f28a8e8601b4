/**
 * The store of @fastify/rate-limit kept in the database (docs/design.md, "Scale"): a limit
 * counts every process and machine on the same database, not one process's memory. A
 * fixed window per (route, key) that starts again once it has run out. The hits that
 * arrive in one turn of the event loop go as one upsert per key, counting them all, each
 * caller told its own place in the count (under load most public calls come in such
 * batches: one round trip instead of one each); committed with the writes due at the same
 * moment on SQLite (db/group-commit.ts). Old windows go with the hourly purge.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { groupedStatement } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import { hitRateLimit } from '../modules/maintenance/rate-limit-repo.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** The hits of one key (and window length) waiting for the end of this turn. */
interface Waiting {
  key: string;
  windowMs: number;
  callbacks: Callback[];
}

/** A store constructor bound to `db`, for `register(rateLimit, { store })`. */
export function databaseRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  let waiting = new Map<string, Waiting>();

  /** Counts the waiting hits, one statement per key; the n-th of k callers hears count - k + n. */
  function flush(): void {
    const batch = waiting;
    waiting = new Map();
    const at = Date.now();
    for (const { key, windowMs, callbacks } of batch.values()) {
      groupedStatement(db, (handle) => hitRateLimit(handle, key, at, windowMs, callbacks.length)).then(
        (r) => {
          const ttl = Math.max(0, r.windowStart + windowMs - at);
          callbacks.forEach((cb, i) => cb(null, { current: r.count - callbacks.length + 1 + i, ttl }));
        },
        (err: unknown) => {
          for (const cb of callbacks) cb(err instanceof Error ? err : new Error(String(err)));
        },
      );
    }
  }

  class DatabaseStore {
    constructor(private readonly route = '') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const full = `${this.route}|${key}`.slice(0, 255);
      const id = `${timeWindow}|${full}`;
      if (!waiting.size) setImmediate(flush);
      const w = waiting.get(id);
      if (w) w.callbacks.push(cb);
      else waiting.set(id, { key: full, windowMs: timeWindow, callbacks: [cb] });
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = routeOptions.routeInfo ?? {};
      return new DatabaseStore(`${String(info.method ?? '')} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
