/**
 * Notifications sent when a transaction commits (docs/design.md, "Live updates"). On
 * PostgreSQL `notifyAtCommit` is a `pg_notify`, which PostgreSQL delivers at the commit.
 * Once `routeNotifies` gave the database a sink (REDIS_URL: Redis pub/sub), the connection
 * does not send it: it keeps the channel and payload and hands them to the sink after the
 * commit succeeded (`HeldNotifies`, in connect.ts's LazyClient); a rollback drops them. So
 * no commit takes PostgreSQL's notify-queue lock, which serialises every committing
 * transaction that notified. A rollback to a savepoint does not take a kept notification
 * back: no transaction that notifies uses savepoints on PostgreSQL (db/group-commit.ts).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { LATER } from './deferred-writes.ts';
import type { Db } from './types.ts';

/** The statement of a notification: deferrable, so it rides with the transaction's next one. */
export const NOTIFY_TEXT = `select pg_notify($1::text, $2::text)${LATER}`;

/** Notifies `channel` with `payload` when the transaction `trx` commits (PostgreSQL). */
export async function notifyAtCommit(trx: Db, channel: string, payload: string): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(NOTIFY_TEXT, [channel, payload]));
}

/** Where notifications go instead of `pg_notify`; called after the commit, must not throw. */
export type NotifySink = (channel: string, payload: string) => void;

/** A database's current sink (none: `pg_notify`), read by each connection at each notification. */
export class NotifyRoute {
  sink: NotifySink | null = null;
}

const routes = new WeakMap<Kysely<DB>, NotifyRoute>();

/** Registers `route` as `db`'s (connect.ts, for PostgreSQL). */
export function registerNotifyRoute(db: Kysely<DB>, route: NotifyRoute): void {
  routes.set(db, route);
}

/**
 * Sends `db`'s notifications to `sink` from now on (null: `pg_notify` again). False when
 * `db` cannot route them (SQLite, whose live events are outbox rows).
 */
export function routeNotifies(db: Kysely<DB>, sink: NotifySink | null): boolean {
  const route = routes.get(db);
  if (!route) return false;
  route.sink = sink;
  return true;
}

/** The notifications one connection's open transaction kept for after its commit. */
export class HeldNotifies {
  private held: [string, string][] = [];

  constructor(private readonly route: NotifyRoute) {}

  /** Whether statement `text` was a notification now kept (routed, and inside a transaction). */
  hold(text: string, values: unknown, inTransaction: boolean): boolean {
    if (text !== NOTIFY_TEXT || !this.route.sink || !inTransaction || !Array.isArray(values)) return false;
    this.held.push([String(values[0]), String(values[1])]);
    return true;
  }

  /** `result` of statement `text`: after a commit that succeeded, the kept notifications go to the sink; any end drops them. */
  settle<T>(text: string, result: Promise<T>): Promise<T> {
    if (!this.held.length) return result;
    const head = text.trimStart().slice(0, 8).toLowerCase();
    if (head.startsWith('begin') || (head.startsWith('rollback') && !head.startsWith('rollback to'))) this.clear();
    if (!head.startsWith('commit') && !head.startsWith('end')) return result;
    const held = this.held;
    this.held = [];
    return result.then((r) => {
      const sink = this.route.sink;
      if (sink) for (const [channel, payload] of held) sink(channel, payload);
      return r;
    });
  }

  clear(): void {
    this.held = [];
  }
}
