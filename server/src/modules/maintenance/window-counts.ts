/**
 * Fixed-window counts of the server's own limits (the SMS sends, docs/design.md "Scale"):
 * in `rate_limit_hits` (rate-limit-repo.ts), or in Redis when `REDIS_URL` is set, one Lua
 * call of INCR and PEXPIRE per hit under `swo:win:<key>` (the database while Redis cannot
 * be reached). Either way every process and machine counts together.
 */
import type { Db } from '../../db/types.ts';
import type { SharedRedis } from '../../db/redis.ts';
import { hitRateLimit } from './rate-limit-repo.ts';

/** Counts one hit under `key` at `at` (ms) in a window of `windowMs`: the count with it and when the window started (ms). */
export type WindowCount = (db: Db, key: string, at: number, windowMs: number) => Promise<{ count: number; windowStart: number }>;

// The first hit of a window starts its expiry; the window's remaining time says when it started.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/** The window count of an app: in `redis` when given, else in the database handle each call passes. */
export function windowCounts(redis: SharedRedis | null): WindowCount {
  if (!redis) return (db, key, at, windowMs) => hitRateLimit(db, key, at, windowMs);
  return (db, key, at, windowMs) =>
    redis.orElse(
      async () => {
        const [count, ttl] = (await redis.client.eval(HIT, 1, `${redis.prefix}win:${key}`, windowMs)) as [number, number];
        return { count, windowStart: at - (windowMs - Math.max(0, ttl)) };
      },
      () => hitRateLimit(db, key, at, windowMs),
    );
}
