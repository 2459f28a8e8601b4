/**
 * SQL of live updates (docs/design.md, "Live updates"): the event a work-order change
 * raises inside its transaction, and the SQLite outbox every process reads. Events cross
 * companies on purpose (one stream of the installation, filtered per connection), like the
 * purge, so these functions are not tenant functions.
 */
import { isPostgres, type Db } from '../../db/types.ts';
import { notifyAtCommit } from '../../db/notify.ts';

/** The PostgreSQL channel of live updates. */
export const LIVE_CHANNEL = 'swo_live';

/**
 * What a change announces: which order of which company, and the accounts that got a
 * notification of it. No order content: clients read it again through the normal calls,
 * which apply every permission.
 */
export interface LiveEvent {
  companyId: number;
  orderId: number;
  /** Accounts notified of this change (notifications rows written in the same transaction). */
  notified: number[];
}

/** The compact wire form (pg_notify payloads are limited to 8,000 bytes). */
export const encodeEvent = (e: LiveEvent): string => JSON.stringify({ c: e.companyId, o: e.orderId, u: e.notified });

/** The event of a payload, or null when it is not one of ours. */
export function decodeEvent(payload: string): LiveEvent | null {
  try {
    const v = JSON.parse(payload) as { c?: unknown; o?: unknown; u?: unknown };
    if (typeof v.c !== 'number' || typeof v.o !== 'number' || !Array.isArray(v.u)) return null;
    return { companyId: v.c, orderId: v.o, notified: v.u.filter((x): x is number => typeof x === 'number') };
  } catch {
    return null;
  }
}

/**
 * Raises `event` inside the change's transaction `trx`, so it exists exactly when the change
 * commits (a rolled-back change raises nothing): on PostgreSQL a notification at commit
 * (`pg_notify`, or Redis pub/sub when routed there: db/notify.ts), an outbox row on SQLite.
 */
export async function raiseEvent(trx: Db, event: LiveEvent, at: string): Promise<void> {
  const payload = encodeEvent(event);
  if (isPostgres(trx)) {
    await notifyAtCommit(trx, LIVE_CHANNEL, payload);
    return;
  }
  await trx.insertInto('live_events').values({ payload, created_at: at }).execute();
}

/** The newest outbox id (0 when empty): a new reader starts after it. */
export async function lastEventId(db: Db): Promise<number> {
  const r = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** Outbox rows after `afterId`, oldest first, at most `limit`. */
export function eventsAfter(db: Db, afterId: number, limit: number) {
  return db.selectFrom('live_events').select(['id', 'payload']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Deletes outbox rows made before `before` (readers are never that far behind). */
export async function purgeEvents(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('live_events').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
