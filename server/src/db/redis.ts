/**
 * The Redis of `REDIS_URL` (docs/design.md, "Scale"): the store of what every process and
 * machine shares that need not commit with a change of the database (rate limits, login
 * throttles, idempotency keys, live events). One client per app for commands, one more
 * per live bus for its subscription (a subscribed connection takes no other command).
 *
 * Redis is a store beside the database, not its replacement: without an offline queue a
 * command made while it is away fails at once (with one, each call waited on a reconnect:
 * 0.2, 0.4, 0.6 … s), and each caller then does what its own docstring says (the public
 * rate limit lets the call through; throttles, idempotency keys and SMS limits use the
 * database; a live event is missed, the SPA's polls cover it). An outage is logged once.
 */
import { Redis } from 'ioredis';

/** Longest wait for Redis: a connection attempt, and the server's start for the first one. */
export const CONNECT_TIMEOUT_MS = 2000;

/** Every key and channel of ours starts with it, so one Redis can serve other programs too. */
export const KEY_PREFIX = 'swo:';

export interface RedisLog {
  warn: (obj: object, msg: string) => void;
}

export interface SharedRedis {
  /** The command client (fails at once while Redis is away). */
  readonly client: Redis;
  /** What every key and channel name starts with (`swo:`; the tests give each run its own). */
  readonly prefix: string;
  /** A new connection for a subscription, with the same options; the caller closes it. */
  subscriber(): Redis;
  /** Resolves once the client is ready, or after 2 s (the server then starts without it). */
  ready(): Promise<void>;
  /**
   * `viaRedis()`, or `fallback()` when it fails because Redis cannot be reached or answered
   * in error (logged once per outage). Errors of `fallback` go to the caller.
   */
  orElse<T>(viaRedis: () => Promise<T>, fallback: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Whether the Redis at `url` answers a PING within a second (tests and benchmarks ask before they use it). */
export async function pingRedis(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Connects to the Redis at `url`; `log` hears of an outage once, when it starts. */
export function connectRedis(url: string, log: RedisLog, prefix = KEY_PREFIX): SharedRedis {
  const options = { maxRetriesPerRequest: 1, connectTimeout: CONNECT_TIMEOUT_MS, enableOfflineQueue: false, enableAutoPipelining: true };
  const client = new Redis(url, options);
  let warned = false;
  const outage = (err: Error) => {
    // ioredis retries on its own; one line per outage, not one per retry or per call.
    if (!warned) log.warn({ err }, 'Redis unreachable: shared limits and live events fall back as documented until it is back');
    warned = true;
  };
  client.on('error', outage);
  client.on('ready', () => void (warned = false));
  return {
    client,
    prefix,
    subscriber: () => new Redis(url, { ...options, enableOfflineQueue: true }),
    ready: () =>
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((done) => {
            const end = () => {
              clearTimeout(timer);
              client.off('ready', end).off('error', end);
              done();
            };
            const timer = setTimeout(end, CONNECT_TIMEOUT_MS);
            client.once('ready', end).once('error', end);
          }),
    async orElse(viaRedis, fallback) {
      try {
        return await viaRedis();
      } catch (err) {
        outage(err as Error);
      }
      return fallback();
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
