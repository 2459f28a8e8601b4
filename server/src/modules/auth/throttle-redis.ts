/**
 * Login failures in Redis (throttle.ts, docs/design.md "Scale"): one sorted set per key,
 * `swo:fail:<key>`, each failure a member scored by its time (ms), so a count over any
 * window is one ZCOUNT and the oldest in it one ZRANGE, as the rows of `login_failures`
 * are counted. A set expires once its newest failure is older than every window.
 */
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '../../db/redis.ts';
import type { FailureStore } from './throttle.ts';

/** The failure store in `redis`; `keepMs`: the longest window (older failures are dropped). */
export function redisFailures({ client: redis, prefix }: SharedRedis, keepMs: number): FailureStore {
  const keyOf = (key: string) => `${prefix}fail:${key}`;
  return {
    async count(key, since) {
      const from = `(${Date.parse(since)}`;
      const r = await redis.multi().zcount(keyOf(key), from, '+inf').zrangebyscore(keyOf(key), from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1).exec();
      if (!r) throw new Error('Redis transaction aborted');
      for (const [err] of r) if (err) throw err;
      const count = Number(r[0][1]);
      const first = r[1][1] as string[];
      return { count, oldest: first.length === 2 ? new Date(Number(first[1])).toISOString() : null };
    },
    async add(keys, at) {
      const ms = Date.parse(at);
      const m = redis.multi();
      for (const k of keys) {
        m.zadd(keyOf(k), ms, `${ms}:${randomUUID()}`)
          .zremrangebyscore(keyOf(k), '-inf', ms - keepMs)
          .pexpire(keyOf(k), keepMs);
      }
      const r = await m.exec();
      for (const [err] of r ?? []) if (err) throw err;
    },
    async clear(key) {
      // Older failures of other keys expire with their sets.
      await redis.del(keyOf(key));
    },
  };
}
