/**
 * The live-update bus of one process (docs/design.md, "Live updates"): it hears every
 * event raised by any process on the same database and hands it to this process's
 * subscribers (the open event streams). Transport by database:
 * - PostgreSQL: one dedicated connection doing `LISTEN swo_live`; NOTIFY is delivered at
 *   commit, so no event of a rolled-back change. On a lost connection it reconnects with
 *   backoff (events raised meanwhile are missed; the SPA's polls cover them).
 * - SQLite: the `live_events` outbox, read every `pollMs` after the last id seen (SQLite
 *   serialises writers, so ids are in commit order); rows older than ten minutes are purged.
 * Started on the first subscription, so an app nobody streams from holds no extra
 * connection or timer.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../../db/connect.ts';
import type { DB } from '../../db/schema.ts';
import { addMs, MINUTE, now } from '../../lib/time.ts';
import { decodeEvent, eventsAfter, LIVE_CHANNEL, lastEventId, purgeEvents, type LiveEvent } from './repo.ts';

export interface LiveBusOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL only: where the LISTEN connection goes (the app's own DATABASE_URL). */
  databaseUrl?: string;
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

  const start = (): Promise<Transport> => (opts.dialect === 'postgres' ? listenPg() : pollOutbox());

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
