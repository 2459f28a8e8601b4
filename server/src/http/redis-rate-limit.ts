/**
 * The public rate limit counted in Redis when `REDIS_URL` is set (docs/design.md, "Scale"):
 * @fastify/rate-limit's own Redis store (a fixed window per route and key, INCR with a
 * PEXPIRE in one Lua call), shared by every process and machine on the same Redis, instead
 * of the database's `rate_limit_hits` (http/rate-limit-store.ts).
 *
 * When Redis cannot be reached, a limited call goes through (`skipOnError`) at once, rather
 * than every requester's form failing or waiting on reconnects (db/redis.ts).
 */
import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import type { SharedRedis } from '../db/redis.ts';

/** Options for `register(rateLimit, …)` counting in `redis`. */
export function redisRateLimit(redis: SharedRedis): FastifyRateLimitOptions {
  return { redis: redis.client, nameSpace: `${redis.prefix}rate:`, skipOnError: true };
}
