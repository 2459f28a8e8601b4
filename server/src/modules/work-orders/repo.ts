/**
 * SQL of work orders, their records and the per-status counters. Every function takes
 * the company id first: an order of another company is simply not found. Status changes
 * go only through `insertOrder` and `moveStatus`, which keep `work_order_status_counts`
 * right in the same transaction.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { ACTION, WORK_ORDER_STATUSES, type WorkOrderListQuery, type WorkOrderStatus } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import type { DB, RolesTable, WorkOrdersTable } from '../../db/schema.ts';
import { localDay } from '../../lib/time.ts';

type NewOrder = Omit<WorkOrdersTable, 'id' | 'company_id' | 'order_no' | 'version' | 'deleted_at' | 'completed_at' | 'reason'> & {
  order_no?: string;
};

/** Adds `delta` to the counter of (company, status), creating the row on first use. */
async function bumpCount(db: Db, companyId: number, status: string, delta: number): Promise<void> {
  const r = await db
    .updateTable('work_order_status_counts')
    .set((eb) => ({ count: eb('count', '+', delta) }))
    .where('company_id', '=', companyId)
    .where('status', '=', status)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    await db
      .insertInto('work_order_status_counts')
      .values({ company_id: companyId, status, count: delta })
      .onConflict((oc) => oc.columns(['company_id', 'status']).doUpdateSet((eb) => ({ count: eb('work_order_status_counts.count', '+', delta) })))
      .execute();
  }
}

/** Next order number of the company: yyyyMMdd (its own day) + a per-company sequence of 6 digits. */
export async function nextOrderNo(db: Db, companyId: number, at: string): Promise<string> {
  const r = await db
    .updateTable('companies')
    .set((eb) => ({ order_seq: eb('order_seq', '+', 1) }))
    .where('id', '=', companyId)
    .returning(['order_seq', 'time_zone'])
    .executeTakeFirstOrThrow();
  return localDay(at, r.time_zone).replace(/-/g, '') + String(r.order_seq).padStart(6, '0');
}

export async function insertOrder(db: Db, companyId: number, o: NewOrder): Promise<{ id: number; order_no: string }> {
  const order_no = o.order_no ?? (await nextOrderNo(db, companyId, o.created_at));
  const row = await db
    .insertInto('work_orders')
    .values({ ...o, order_no, company_id: companyId, version: 1, reason: null, completed_at: o.status === 'completed' ? o.updated_at : null, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpCount(db, companyId, o.status, 1);
  return { id: row.id, order_no };
}

export interface Move {
  from: WorkOrderStatus;
  to: WorkOrderStatus;
  version: number;
  at: string;
  handler_id?: number | null;
  reason?: string | null;
}

/**
 * The conditional UPDATE of a transition: applies only if the order is still in `from`
 * at `version`. Returns false when someone else changed it first (callers answer 409).
 */
export async function moveStatus(db: Db, companyId: number, id: number, m: Move): Promise<boolean> {
  const r = await db
    .updateTable('work_orders')
    .set({
      status: m.to,
      version: m.version + 1,
      updated_at: m.at,
      ...(m.handler_id !== undefined ? { handler_id: m.handler_id } : {}),
      ...(m.reason !== undefined ? { reason: m.reason } : {}),
      ...(m.to === 'completed' ? { completed_at: m.at } : {}),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', m.from)
    .where('version', '=', m.version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  if (m.from !== m.to) {
    // Same order of counter updates in every transaction, so concurrent ones cannot deadlock.
    const [a, b] = [m.from, m.to].sort();
    await bumpCount(db, companyId, a, a === m.from ? -1 : 1);
    await bumpCount(db, companyId, b, b === m.from ? -1 : 1);
  }
  return true;
}

export async function insertRecord(
  db: Db,
  companyId: number,
  r: {
    work_order_id: number;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_staff_id: number | null;
    actor_name: string;
    target_staff_id?: number | null;
    target_name?: string | null;
    note?: string | null;
    is_internal?: number;
    detail?: string | null;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('work_order_records')
    .values({ target_staff_id: null, target_name: null, note: null, is_internal: 0, detail: null, ...r, company_id: companyId })
    .execute();
}

/** Replaces the form data of an order still at `version`; false when it changed meanwhile. */
export async function updateFormData(
  db: Db,
  companyId: number,
  id: number,
  f: { form_data: string; title: string; version: number; at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('work_orders')
    .set({ form_data: f.form_data, title: f.title, version: f.version + 1, updated_at: f.at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', f.version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Soft-deletes an order still in `status` at `version`, taking it out of the counters. */
export async function softDelete(db: Db, companyId: number, id: number, status: string, version: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('work_orders')
    .set({ deleted_at: at, updated_at: at, version: version + 1 })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', status)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await bumpCount(db, companyId, status, -1);
  return true;
}

/** An active staff member of the company, or undefined. */
export function findActiveStaff(db: Db, companyId: number, staffId: number) {
  return db.selectFrom('staff').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', staffId).where('status', '=', 1).executeTakeFirst();
}

function baseSelect(db: Db, companyId: number) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .leftJoin('categories as c', 'c.id', 'w.category_id')
    .leftJoin('staff as h', 'h.id', 'w.handler_id')
    .select([
      'w.id',
      'w.order_no',
      'w.title',
      'w.status',
      'w.application_id',
      'a.name as application_name',
      'w.template_id',
      'w.template_version',
      'w.category_id',
      'c.name as category_name',
      'w.handler_id',
      'h.name as handler_name',
      'w.requester_name',
      'w.requester_phone',
      'w.reason',
      'w.created_at',
      'w.updated_at',
      'w.version',
      'w.creator_staff_id',
    ])
    .where('w.company_id', '=', companyId)
    .where('w.deleted_at', 'is', null);
}

/** One order of the company with its display names, or undefined. */
export function findOrder(db: Db, companyId: number, id: number) {
  return baseSelect(db, companyId).select(['w.form_data', 'w.requester_id']).where('w.id', '=', id).executeTakeFirst();
}

/** Filters of the list call (core payload table) plus the "my work orders" narrowings. */
export type OrderFilters = Omit<WorkOrderListQuery, 'pageNo' | 'pageSize' | 'company_id'> & {
  /** Any of these statuses (when `status` is not given). */
  statuses?: readonly WorkOrderStatus[];
  creatorStaffId?: number;
  /** Orders with a review (examine) record by this staff member. */
  reviewedBy?: number;
};

/** The base select with every filter applied; `simple` says whether the counters can give the total. */
function filtered(db: Db, companyId: number, f: OrderFilters) {
  let query = baseSelect(db, companyId);
  const simple =
    !f.statuses && !f.application_id && !f.category_id && !f.handler_id && !f.created_from && !f.created_to && !f.keyword && !f.creatorStaffId && !f.reviewedBy;
  if (f.status) query = query.where('w.status', '=', f.status);
  else if (f.statuses) query = query.where('w.status', 'in', f.statuses);
  if (f.application_id) query = query.where('w.application_id', '=', f.application_id);
  if (f.category_id) query = query.where('w.category_id', '=', f.category_id);
  if (f.handler_id) query = query.where('w.handler_id', '=', f.handler_id);
  // UTC instants (the service's zonedFilters turns the user's days and offsets into them).
  if (f.created_from) query = query.where('w.created_at', '>=', f.created_from);
  if (f.created_to) query = query.where('w.created_at', '<=', f.created_to);
  if (f.creatorStaffId) query = query.where('w.creator_staff_id', '=', f.creatorStaffId);
  if (f.reviewedBy) {
    const by = f.reviewedBy;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('work_order_records as r')
          .select('r.id')
          .whereRef('r.work_order_id', '=', 'w.id')
          .where('r.company_id', '=', companyId)
          .where('r.actor_staff_id', '=', by)
          .where('r.action', 'in', ['examine_pass', 'examine_fail']),
      ),
    );
  }
  if (f.keyword) {
    const kw = f.keyword;
    const like = `%${kw.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('w.order_no', '=', kw), sql<boolean>`w.title like ${like} escape '\\'`, sql<boolean>`w.requester_name like ${like} escape '\\'`]),
    );
  }
  return { query, simple };
}

/** A page of the company's orders, newest first, and the total matching. */
export async function listOrders(
  db: Db,
  companyId: number,
  q: OrderFilters & { pageNo: number; pageSize: number },
  opts: { exactCount?: boolean } & Pick<OrderFilters, 'creatorStaffId' | 'reviewedBy'> = {},
) {
  const { query, simple } = filtered(db, companyId, { ...q, creatorStaffId: opts.creatorStaffId, reviewedBy: opts.reviewedBy });
  const rows = await query
    .orderBy('w.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  let total: number;
  if (simple && !opts.exactCount) {
    // The counters answer the common case (all, or one status tab) without scanning.
    const counts = await statusCounts(db, companyId);
    total = q.status ? counts[q.status] : Object.values(counts).reduce((s, n) => s + n, 0);
  } else {
    const r = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(r.n);
  }
  return { rows, total };
}

/** Matching orders with their form data, newest first, after `beforeId` (keyset paging for exports). */
export function orderBatch(db: Db, companyId: number, f: OrderFilters, beforeId: number | null, limit: number) {
  let { query } = filtered(db, companyId, f);
  if (beforeId !== null) query = query.where('w.id', '<', beforeId);
  return query.select(['w.form_data']).orderBy('w.id', 'desc').limit(limit).execute();
}

/** Live order counts of the company by status (zero for statuses never used). */
export async function statusCounts(db: Db, companyId: number): Promise<Record<WorkOrderStatus, number>> {
  const rows = await db.selectFrom('work_order_status_counts').select(['status', 'count']).where('company_id', '=', companyId).execute();
  const out = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status as WorkOrderStatus] = Number(r.count);
  return out;
}

/** Unassigned orders whose application or template is named `name` (the reminder's filter). */
export async function countUnassignedByName(db: Db, companyId: number, name: string): Promise<number> {
  const r = await db
    .selectFrom('work_orders as w')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .innerJoin('templates as t', 't.id', 'w.template_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.company_id', '=', companyId)
    .where('w.status', '=', 'unassigned')
    .where('w.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.name', '=', name), eb('t.name', '=', name)]))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The order's history, oldest first; `actions` narrows it (e.g. to assignment steps). */
export function listRecords(db: Db, companyId: number, orderId: number, actions?: string[]) {
  let q = db
    .selectFrom('work_order_records')
    .select(['id', 'action', 'from_status', 'to_status', 'actor_name', 'target_name', 'note', 'is_internal', 'detail', 'created_at'])
    .where('company_id', '=', companyId)
    .where('work_order_id', '=', orderId);
  if (actions) q = q.where('action', 'in', actions);
  return q.orderBy('id').execute();
}

export function findTemplateVersion(db: Db, companyId: number, templateId: number, version: number) {
  return db
    .selectFrom('template_versions as v')
    .innerJoin('templates as t', 't.id', 'v.template_id')
    .select(['v.schema', 'v.version', 't.id', 't.name', 't.needs_review', 't.is_automatic'])
    .where('v.company_id', '=', companyId)
    .where('v.template_id', '=', templateId)
    .where('v.version', '=', version)
    .executeTakeFirst();
}

/** Whether a staff member is bound to (may handle orders of) an application. */
export async function isBoundToApplication(db: Db, companyId: number, applicationId: number, staffId: number): Promise<boolean> {
  const r = await db
    .selectFrom('application_staff')
    .select('id')
    .where('company_id', '=', companyId)
    .where('application_id', '=', applicationId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return !!r;
}

/** Ids of the applications a staff member is bound to (one query for a whole list page). */
export async function boundApplicationIds(db: Db, companyId: number, staffId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('application_staff').select('application_id').where('company_id', '=', companyId).where('staff_id', '=', staffId).execute();
  return new Set(rows.map((r) => r.application_id));
}

/** Recomputes every counter from the orders table (after bulk loads). */
export async function rebuildStatusCounts(db: Db): Promise<void> {
  await db.deleteFrom('work_order_status_counts').execute();
  await sql`insert into work_order_status_counts (company_id, status, count)
    select company_id, status, count(*) from work_orders where deleted_at is null group by company_id, status`.execute(db);
}

/**
 * Whether the role `r` may claim orders: an administrator role, or one granted the claim
 * action on the work-order menu while that menu is active (as the guard reads grants). The
 * one place this is decided in SQL: the staff picker and assignment targets use it.
 */
export function roleMayClaim(eb: ExpressionBuilder<DB & { r: RolesTable }, 'r'>) {
  return eb.or([
    eb('r.is_admin', '=', 1),
    eb.exists(
      eb
        .selectFrom('role_grants as g')
        .innerJoin('menus as m', 'm.id', 'g.menu_id')
        .select('g.id')
        .whereRef('g.role_id', '=', 'r.id')
        .where('m.key', '=', 'workorder')
        .where('m.status', '=', 1)
        .where('g.action', '=', ACTION.claim),
    ),
  ]);
}

/** Facts about a staff member that decide whether they may receive an order of the application. */
export async function handlingFacts(db: Db, companyId: number, applicationId: number, staffId: number): Promise<{ bound: boolean; roleCanClaim: boolean }> {
  const role = await db
    .selectFrom('staff as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .select((eb) => ['r.status', roleMayClaim(eb).as('claims')])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', staffId)
    .executeTakeFirst();
  const roleCanClaim = !!role && role.status === 1 && !!role.claims;
  return { bound: await isBoundToApplication(db, companyId, applicationId, staffId), roleCanClaim };
}
