/**
 * In-app notifications (docs/design.md, "Notifications"). `notifyChange` is the one place
 * that decides who hears of a work-order change: it is called by the transition and by
 * create (automatic dispatch) inside their transaction, so the rows exist exactly when the
 * change does. `createNotificationService` serves the person's own list, marking and
 * preferences.
 */
import type { Kysely } from 'kysely';
import {
  NOTIFICATION_EVENTS,
  type NotificationList,
  type NotificationListQuery,
  type NotificationReadBody,
  type NotificationSettings,
  type StaffId,
  type StoredNotificationEvent,
  type UserId,
  type WorkOrderId,
  type WorkOrderStatus,
} from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { Actor, AuthContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { raiseEvent } from '../live/repo.ts';
import { writeLog } from '../operation-log/repo.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { visibilityOf } from '../work-orders/visibility.ts';
import { optedOut, preferencesOf, savePreferences, type NewNotification } from './repo.ts';

/** A work-order change as far as notifications care. */
export interface OrderChange {
  order: { id: WorkOrderId; order_no: string; title: string; creator_staff_id: StaffId | null; handler_id: StaffId | null };
  /** The status the change reached. */
  to: WorkOrderStatus;
  /** The handler the order was given by someone else (assign, reassign, automatic dispatch). */
  assignedTo: StaffId | null;
}

/** Who acted: never notified of their own change (requesters have no account: null). */
export interface ChangeActor {
  companyId: CompanyData['companyId'];
  userId: UserId | null;
}

/**
 * The reviewers of an order waiting for review: active members who may review (admin role
 * or `examine`), never its handler (separation of duties, "Work-order state machine"), and
 * only those whose data scope shows the order ("Data scope"), so a notification never
 * points at an order its reader gets 404 for.
 */
async function reviewersOf(data: CompanyData, orderId: WorkOrderId, handlerId: StaffId | null): Promise<UserId[]> {
  const out: UserId[] = [];
  for (const r of await data.notifications.reviewers()) {
    if (r.staff_id === handlerId) continue;
    if (r.is_admin !== 1 && r.data_scope !== 'company') {
      const visibility = await visibilityOf(data, { staffId: r.staff_id, dataScope: r.data_scope as Actor['dataScope'], departmentId: r.department_id });
      if (!(await data.orders.findOrder(orderId, visibility))) continue;
    }
    out.push(r.user_id);
  }
  return out;
}

/** The account of each of `staffIds` who is an active member of the company. */
async function membersOf(data: CompanyData, staffIds: (StaffId | null)[]): Promise<UserId[]> {
  const ids = staffIds.filter((s): s is StaffId => s !== null);
  return (await data.notifications.activeMembers(ids)).map((m) => m.user_id);
}

/**
 * Writes the notifications of one work-order change inside its transaction `trx`
 * (docs/design.md, "Notifications"): `assigned` to the handler someone else gave the order
 * to, `review` to its reviewers when it reaches `pending_review`, `rejected` and
 * `completed` to the staff member who created it. Only active members of the order's
 * company, never the actor, and only those who have not turned the event off; one
 * multi-row insert. Then the change's live-update event, naming the accounts notified
 * (docs/design.md, "Live updates"), in the same transaction.
 */
export async function notifyChange(trx: Db, actor: ChangeActor, change: OrderChange): Promise<void> {
  const data = forCompany(trx, actor.companyId);
  const { order } = change;
  const wanted: [StoredNotificationEvent, UserId[]][] = [];
  if (change.assignedTo !== null) wanted.push(['assigned', await membersOf(data, [change.assignedTo])]);
  if (change.to === 'pending_review') wanted.push(['review', await reviewersOf(data, order.id, order.handler_id)]);
  if (change.to === 'rejected') wanted.push(['rejected', await membersOf(data, [order.creator_staff_id])]);
  if (change.to === 'completed') wanted.push(['completed', await membersOf(data, [order.creator_staff_id])]);

  const rows: NewNotification[] = [];
  for (const [event, users] of wanted) {
    const recipients = [...new Set(users)].filter((u) => u !== actor.userId);
    const off = await optedOut(trx, recipients, event);
    for (const user_id of recipients) {
      if (!off.has(user_id)) rows.push({ user_id, event, work_order_id: order.id, order_no: order.order_no, title: order.title });
    }
  }
  const at = now();
  await data.notifications.insertMany(rows, at);
  await raiseEvent(trx, { companyId: actor.companyId, orderId: order.id, notified: [...new Set(rows.map((r) => r.user_id))] }, at);
}

/** Every event on, then the person's stored choices. */
function settingsFrom(rows: { event: string; in_app: number }[]): NotificationSettings {
  const s = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, true])) as NotificationSettings;
  for (const r of rows) if ((NOTIFICATION_EVENTS as readonly string[]).includes(r.event)) s[r.event as keyof NotificationSettings] = r.in_app === 1;
  return s;
}

export function createNotificationService(db: Kysely<DB>) {
  return {
    /** A page of the caller's own notifications in the current company, newest first, and the unread count. */
    async list(actor: Actor, q: NotificationListQuery): Promise<NotificationList> {
      const { notifications } = forCompany(db, actor.companyId);
      const [rows, totalCount, unread] = await Promise.all([
        notifications.listOf(actor.userId, q),
        notifications.countOf(actor.userId, false),
        notifications.countOf(actor.userId, true),
      ]);
      return {
        data: rows.map((r) => ({ ...r, event: r.event as StoredNotificationEvent })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        unread,
      };
    },

    /**
     * Marks the caller's notifications read: `ids` (404 unless every one is theirs in the
     * current company: someone else's looks like a missing one, and nothing changes), or all.
     */
    async read(actor: Actor, body: NotificationReadBody): Promise<{ unread: number }> {
      return db.transaction().execute(async (trx) => {
        const { notifications } = forCompany(trx, actor.companyId);
        const ids = body.ids ? [...new Set(body.ids)] : 'all';
        if (ids !== 'all' && (await notifications.ownIds(actor.userId, ids)).length !== ids.length) throw errors.notFound();
        await notifications.markRead(actor.userId, ids, now());
        return { unread: await notifications.countOf(actor.userId, true) };
      });
    },

    /** The caller's in-app switches (absent rows are on). */
    async settings(auth: AuthContext): Promise<NotificationSettings> {
      return settingsFrom(await preferencesOf(db, auth.userId));
    },

    /** Stores every switch and logs the change (the switches before and after: nothing secret). */
    async saveSettings(auth: AuthContext, next: NotificationSettings, ip: string): Promise<NotificationSettings> {
      return db.transaction().execute(async (trx) => {
        const before = settingsFrom(await preferencesOf(trx, auth.userId));
        await savePreferences(
          trx,
          auth.userId,
          NOTIFICATION_EVENTS.map((event) => ({ event, in_app: next[event] ? 1 : 0 })),
        );
        await writeLog(trx, {
          company_id: null,
          user_id: auth.userId,
          username: auth.username,
          module: 'auth',
          action: 'change_notifications',
          ip,
          detail: { before, after: next },
        });
        return settingsFrom(await preferencesOf(trx, auth.userId));
      });
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
