/**
 * SQL of in-app notifications and notification preferences (docs/design.md,
 * "Notifications"). Notifications are tenant rows: their functions take the company id
 * first and are reached through `forCompany(db, companyId).notifications`, so a person's
 * list, count and marking never leave the company. Preferences belong to the account
 * (no company) and are read and written by user id.
 */
import { ACTION, type CompanyId, type StaffId, type StoredNotificationEvent, type UserId, type WorkOrderId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { roleMayAct } from '../work-orders/repo.ts';

/** One notification to write. */
export interface NewNotification {
  user_id: UserId;
  event: StoredNotificationEvent;
  work_order_id: WorkOrderId;
  order_no: string;
  title: string;
}

/** Writes `rows` (one change's notifications) as one multi-row insert. */
async function insertMany(db: Db, companyId: CompanyId, rows: readonly NewNotification[], at: string): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('notifications')
    .values(rows.map((r) => ({ ...r, company_id: companyId, created_at: at, read_at: null })))
    .execute();
}

/** The accounts of those of `staffIds` who are active members of the company (active account too). */
function activeMembers(db: Db, companyId: CompanyId, staffIds: readonly StaffId[]) {
  if (!staffIds.length) return Promise.resolve([]);
  return db
    .selectFrom('staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as staff_id', 's.user_id'])
    .where('s.company_id', '=', companyId)
    .where('s.id', 'in', staffIds)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('u.status', '=', 1)
    .execute();
}

/**
 * Active members whose active role may review orders (roleMayAct: an administrator role,
 * or `examine` on the active work-order menu), with what their data scope needs.
 */
function reviewers(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .select(['s.id as staff_id', 's.user_id', 's.department_id', 'r.is_admin', 'r.data_scope'])
    .where('s.company_id', '=', companyId)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('u.status', '=', 1)
    .where('r.status', '=', 1)
    .where((eb) => roleMayAct(eb, ACTION.review))
    .orderBy('s.id')
    .execute();
}

/** A page of the person's notifications in the company, newest first (ids grow with time). */
function listOf(db: Db, companyId: CompanyId, userId: UserId, page: { pageNo: number; pageSize: number }) {
  return db
    .selectFrom('notifications')
    .select(['id', 'event', 'work_order_id', 'order_no', 'title', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
}

/** How many notifications the person has in the company; `unreadOnly`: only those not read. */
async function countOf(db: Db, companyId: CompanyId, userId: UserId, unreadOnly: boolean): Promise<number> {
  let q = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId);
  if (unreadOnly) q = q.where('read_at', 'is', null);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Which of `ids` are the person's own in the company. */
async function ownIds(db: Db, companyId: CompanyId, userId: UserId, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the person's unread notifications of the company read: `ids` of them, or all. */
async function markRead(db: Db, companyId: CompanyId, userId: UserId, ids: readonly number[] | 'all', at: string): Promise<void> {
  let q = db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('company_id', '=', companyId).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  await q.execute();
}

/** The notification functions bound to one company (reached through `forCompany`). */
export const notificationRepo = companyRepo({ insertMany, activeMembers, reviewers, listOf, countOf, ownIds, markRead });

/** The person's stored choices (events without a row are on). */
export function preferencesOf(db: Db, userId: UserId) {
  return db.selectFrom('notification_preferences').select(['event', 'in_app']).where('user_id', '=', userId).execute();
}

/** Of `userIds`, those who turned `event` off. */
export async function optedOut(db: Db, userIds: readonly UserId[], event: StoredNotificationEvent): Promise<Set<UserId>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('notification_preferences')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('event', '=', event)
    .where('in_app', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Stores one choice per event (insert or update). */
export async function savePreferences(db: Db, userId: UserId, choices: readonly { event: string; in_app: number }[]): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(choices.map((c) => ({ user_id: userId, ...c })))
    .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet((eb) => ({ in_app: eb.ref('excluded.in_app') })))
    .execute();
}
