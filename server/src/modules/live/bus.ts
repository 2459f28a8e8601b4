/**
 * The live-update bus of one process (docs/design.md, "Live updates"): it hears every
 * event raised by any process on the same database and hands it to this process's
 * subscribers (the open event streams). Transport by database:
 * - PostgreSQL: one dedicated connection doing `LISTEN swo_live`; NOTIFY is delivered at
 *   commit, so no event of a rolled-back change. On a lost connection it reconnects with
 *   backoff (events raised meanwhile are missed; the SPA's polls cover them).
 * - PostgreSQL with `REDIS_URL`: the notifications go to Redis after each commit instead
 *   (db/notify.ts, routed by app.ts); one Redis connection per process subscribes to
 *   `swo:notify:swo_live`, and ioredis resubscribes after a reconnect (events published
 *   meanwhile are missed, as above).
 * - SQLite: the `live_events` outbox, read every `pollMs` after the last id seen (SQLite
 *   serialises writers, so ids are in commit order); rows older than ten minutes are purged.
 * Started on the first subscription, so an app nobody streams from holds no extra
 * connection or timer.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../../db/connect.ts';
import type { DB } from '../../db/schema.ts';
import { routeNotifies } from '../../db/notify.ts';
import { CONNECT_TIMEOUT_MS, type SharedRedis } from '../../db/redis.ts';
import { addMs, MINUTE, now } from '../../lib/time.ts';
import { decodeEvent, eventsAfter, LIVE_CHANNEL, lastEventId, purgeEvents, type LiveEvent } from './repo.ts';

export interface LiveBusOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL only: where the LISTEN connection goes (the app's own DATABASE_URL). */
  databaseUrl?: string;
  /** PostgreSQL only: the Redis its notifications are routed to (REDIS_URL), heard there instead of LISTEN. */
  redis?: SharedRedis | null;
  /** SQLite only: how often the outbox is read (ms). */
  pollMs?: number;
  /** Where transport errors are reported. */
  onError?: (err: Error) => void;
}

export interface LiveBus {
  /** Calls `fn` with every event from now on; resolves once the transport listens. Returns the unsubscribe. */
  subscribe(fn: (e: LiveEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

interface Transport {
  close(): Promise<void>;
}

/** How long rows stay in the SQLite outbox. */
const OUTBOX_TTL_MS = 10 * MINUTE;

/** The Redis channel a notification of PostgreSQL `channel` is published on (app.ts routes them). */
export const redisChannel = (redis: SharedRedis, channel: string) => `${redis.prefix}notify:${channel}`;

/**
 * Routes `db`'s notifications to Redis pub/sub, published after each commit instead of
 * `pg_notify` (db/notify.ts; PostgreSQL only, a no-op on SQLite). A publish Redis refuses
 * is lost (logged once per outage). Returns the undo.
 */
export function publishNotifies(db: Kysely<DB>, redis: SharedRedis): () => void {
  const routed = routeNotifies(db, (channel, payload) => {
    void redis.orElse(
      () => redis.client.publish(redisChannel(redis, channel), payload),
      () => Promise.resolve(0),
    );
  });
  return () => void (routed && routeNotifies(db, null));
}

export function createLiveBus(opts: LiveBusOptions): LiveBus {
  const subscribers = new Set<(e: LiveEvent) => void>();
  const onError = opts.onError ?? (() => undefined);
  let transport: Promise<Transport> | null = null;
  let closed = false;

  const dispatch = (e: LiveEvent | null) => {
    if (!e) return;
    for (const fn of subscribers) {
      try {
        fn(e);
      } catch (err) {
        onError(err as Error);
      }
    }
  };

  const start = (): Promise<Transport> => (opts.dialect !== 'postgres' ? pollOutbox() : opts.redis ? subscribeRedis(opts.redis) : listenPg());

  async function subscribeRedis(redis: SharedRedis): Promise<Transport> {
    const sub = redis.subscriber();
    const channel = redisChannel(redis, LIVE_CHANNEL);
    sub.on('message', (ch: string, payload: string) => {
      if (ch === channel) dispatch(decodeEvent(payload));
    });
    let down = false;
    sub.on('error', (err: Error) => {
      if (!down) onError(err); // once per outage, not once per retry
      down = true;
    });
    sub.on('ready', () => void (down = false));
    // Streams start listening even while Redis is away: the subscription is queued and made
    // once it is back (CONNECT_TIMEOUT_MS at most, then it goes on waiting on its own).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([sub.subscribe(channel).catch((err: Error) => onError(err)), new Promise((r) => (timer = setTimeout(r, CONNECT_TIMEOUT_MS)))]);
    clearTimeout(timer);
    return { close: async () => void (await sub.quit().catch(() => sub.disconnect())) };
  }

  async function pollOutbox(): Promise<Transport> {
    let last = await lastEventId(opts.db);
    let busy = false;
    let lastPurge = 0;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void (async () => {
        try {
          for (;;) {
            const rows = await eventsAfter(opts.db, last, 500);
            for (const r of rows) {
              last = r.id;
              dispatch(decodeEvent(r.payload));
            }
            if (rows.length < 500) break;
          }
          if (Date.now() - lastPurge > MINUTE) {
            lastPurge = Date.now();
            await purgeEvents(opts.db, addMs(now(), -OUTBOX_TTL_MS));
          }
        } catch (err) {
          onError(err as Error);
        } finally {
          busy = false;
        }
      })();
    }, opts.pollMs ?? 250);
    timer.unref();
    return { close: () => Promise.resolve(clearInterval(timer)) };
  }

  async function listenPg(): Promise<Transport> {
    const url = opts.databaseUrl;
    if (!url) throw new Error('live updates on PostgreSQL need the database URL for their LISTEN connection');
    let client: pg.Client | null = null;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        if (msg.channel === LIVE_CHANNEL && msg.payload) dispatch(decodeEvent(msg.payload));
      });
      c.on('error', (err) => {
        onError(err);
        reconnect(c);
      });
      c.on('end', () => reconnect(c));
      try {
        await c.connect();
        await c.query(`LISTEN ${LIVE_CHANNEL}`);
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
      if (closed) return void (await c.end());
      client = c;
    };
    // Only the current client's failure starts a reconnect loop (a half-made one's errors are the loop's).
    const reconnect = (c: pg.Client) => {
      if (closed || client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      void (async () => {
        for (let delay = 500; !closed; delay = Math.min(delay * 2, 30_000)) {
          await new Promise((r) => setTimeout(r, delay).unref());
          if (closed) return;
          try {
            return await connect();
          } catch (err) {
            onError(err as Error);
          }
        }
      })();
    };
    await connect();
    return {
      close: async () => {
        const c = client;
        client = null;
        await c?.end().catch(() => undefined);
      },
    };
  }

  return {
    async subscribe(fn) {
      if (closed) throw new Error('live bus closed');
      transport ??= start().catch((err: unknown) => {
        transport = null;
        throw err;
      });
      await transport;
      subscribers.add(fn);
      return () => void subscribers.delete(fn);
    },
    async close() {
      closed = true;
      subscribers.clear();
      const t = transport;
      transport = null;
      if (t) await (await t.catch(() => null))?.close();
    },
  };
}
