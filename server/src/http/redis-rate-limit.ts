/**
 * The public rate limit counted in Redis when `REDIS_URL` is set (docs/design.md, "Scale"):
 * @fastify/rate-limit's own Redis store (a fixed window per route and key, INCR with a
 * PEXPIRE in one Lua call), shared by every process and machine on the same Redis, instead
 * of the database's `rate_limit_hits` (http/rate-limit-store.ts).
 *
 * Redis is a store beside the database, not the source of truth: when it cannot be reached,
 * a limited call goes through (`skipOnError`) at once, rather than every requester's form
 * failing or waiting on reconnects; the outage is logged once.
 */
import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** Longest wait for Redis: a connection attempt, and the server's start for the first one. */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * Options for `register(rateLimit, …)` counting in the Redis at `url`; `ready` waits (at most
 * 2 s) for the first connection, so that the server's first calls are counted; `close` ends
 * the client.
 */
export function redisRateLimit(
  url: string,
  log: { warn: (obj: object, msg: string) => void },
): { options: FastifyRateLimitOptions; ready: () => Promise<void>; close: () => Promise<void> } {
  // No offline queue: a call made while Redis is away fails at once and goes through, rather
  // than waiting on each reconnect (measured: 0.2, 0.4, 0.6 … s added to successive calls).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: CONNECT_TIMEOUT_MS, enableOfflineQueue: false });
  let warned = false;
  redis.on('error', (err: Error) => {
    // ioredis retries on its own; one line per outage, not one per retry.
    if (!warned) log.warn({ err }, 'Redis unreachable: public calls are not rate-limited until it is back');
    warned = true;
  });
  redis.on('ready', () => void (warned = false));
  return {
    options: { redis, nameSpace: 'swo:rate:', skipOnError: true },
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((done) => {
            const end = () => {
              clearTimeout(timer);
              redis.off('ready', end).off('error', end);
              done();
            };
            const timer = setTimeout(end, CONNECT_TIMEOUT_MS);
            redis.once('ready', end).once('error', end);
          }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
