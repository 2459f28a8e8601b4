/**
 * SQL of work orders, their records and the per-status counters. Every tenant function
 * takes the company id first and is reached only through `orderRepo(db, companyId)`
 * (tenancy/company-repo.ts): an order of another company is simply not found. Status changes
 * go only through `insertOrder` and `moveStatus`, which keep `work_order_status_counts`
 * right in the same transaction; they, `insertRecord` (reviews) and `softDelete` also keep
 * the participants and counters of the narrow data scopes (participants-repo.ts).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import {
  ACTION,
  WORK_ORDER_STATUSES,
  type ApplicationId,
  type CompanyId,
  type StaffId,
  type TemplateId,
  type WorkOrderId,
  type WorkOrderListQuery,
  type WorkOrderStatus,
} from '@swo/contract';
import { isPostgres, type Db } from '../../db/types.ts';
import type { DB, RolesTable, WorkOrdersTable } from '../../db/schema.ts';
import type { Visibility } from './visibility.ts';
import { localDay } from '../../lib/time.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { indexOrder, KEYWORD_COUNT_CAP, keywordStream, matching } from './search-repo.ts';
import { membersOf, orderKeys, PART, readMembers, restate, scopedCounts, scopedPageIds, type Standing } from './participants-repo.ts';

/** History actions that make their actor a reviewer of the order. */
const REVIEWS = ['examine_pass', 'examine_fail'];

type NewOrder = Omit<WorkOrdersTable, 'id' | 'company_id' | 'order_no' | 'version' | 'deleted_at' | 'completed_at' | 'reason'> & {
  order_no?: string;
};

/** Adds `delta` to the counter of (company, status), creating the row on first use. */
async function bumpCount(db: Db, companyId: CompanyId, status: string, delta: number): Promise<void> {
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
async function nextOrderNo(db: Db, companyId: CompanyId, at: string): Promise<string> {
  const r = await db
    .updateTable('companies')
    .set((eb) => ({ order_seq: eb('order_seq', '+', 1) }))
    .where('id', '=', companyId)
    .returning(['order_seq', 'time_zone'])
    .executeTakeFirstOrThrow();
  return localDay(at, r.time_zone).replace(/-/g, '') + String(r.order_seq).padStart(6, '0');
}

async function insertOrder(db: Db, companyId: CompanyId, o: NewOrder): Promise<{ id: WorkOrderId; order_no: string }> {
  const order_no = o.order_no ?? (await nextOrderNo(db, companyId, o.created_at));
  const row = await db
    .insertInto('work_orders')
    .values({ ...o, order_no, company_id: companyId, version: 1, reason: null, completed_at: o.status === 'completed' ? o.updated_at : null, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpCount(db, companyId, o.status, 1);
  await restate(db, companyId, row.id, null, { application_id: o.application_id, status: o.status, members: membersOf(o.handler_id, o.creator_staff_id) });
  await indexOrder(db, companyId, row.id, { ...o, order_no });
  return { id: row.id, order_no };
}

export interface Move {
  from: WorkOrderStatus;
  to: WorkOrderStatus;
  version: number;
  at: string;
  handler_id?: StaffId | null;
  reason?: string | null;
}

/**
 * The conditional UPDATE of a transition: applies only if the order is still in `from`
 * at `version`. Returns false when someone else changed it first (callers answer 409).
 */
async function moveStatus(db: Db, companyId: CompanyId, id: WorkOrderId, m: Move): Promise<boolean> {
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
  // Read under the row lock the UPDATE took: nobody else changes this order's participants now.
  const keys = await orderKeys(db, companyId, id);
  const members = await readMembers(db, companyId, id);
  const after = new Map(members);
  if (m.handler_id !== undefined) {
    for (const [staff, roles] of after) if (roles & PART.handler) after.set(staff, roles & ~PART.handler);
    if (m.handler_id !== null) after.set(m.handler_id, (after.get(m.handler_id) ?? 0) | PART.handler);
    for (const [staff, roles] of after) if (!roles) after.delete(staff);
  }
  const app = keys!.application_id;
  await restate(db, companyId, id, { application_id: app, status: m.from, members }, { application_id: app, status: m.to, members: after });
  return true;
}

async function insertRecord(
  db: Db,
  companyId: CompanyId,
  r: {
    work_order_id: WorkOrderId;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_staff_id: StaffId | null;
    actor_name: string;
    target_staff_id?: StaffId | null;
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
  if (r.actor_staff_id !== null && REVIEWS.includes(r.action)) {
    // A reviewer sees the order under the `own` scope from now on.
    const keys = await orderKeys(db, companyId, r.work_order_id);
    const members = await readMembers(db, companyId, r.work_order_id);
    const roles = members.get(r.actor_staff_id) ?? 0;
    if (keys && !(roles & PART.reviewer)) {
      const before: Standing = { application_id: keys.application_id, status: keys.status, members };
      await restate(db, companyId, r.work_order_id, before, { ...before, members: new Map(members).set(r.actor_staff_id, roles | PART.reviewer) });
    }
  }
}

/** Replaces the form data of an order still at `version`; false when it changed meanwhile. */
async function updateFormData(
  db: Db,
  companyId: CompanyId,
  id: WorkOrderId,
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
  if (Number(r.numUpdatedRows) !== 1) return false;
  const o = await db
    .selectFrom('work_orders')
    .select(['order_no', 'title', 'requester_name', 'requester_phone', 'form_data'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await indexOrder(db, companyId, id, o);
  return true;
}

/** Soft-deletes an order still in `status` at `version`, taking it out of the counters. */
async function softDelete(db: Db, companyId: CompanyId, id: WorkOrderId, status: string, version: number, at: string): Promise<boolean> {
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
  const app = await db.selectFrom('work_orders').select('application_id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
  await restate(db, companyId, id, { application_id: app.application_id, status, members: await readMembers(db, companyId, id) }, null);
  return true;
}

/** An active staff member of the company, or undefined. */
function findActiveStaff(db: Db, companyId: CompanyId, staffId: StaffId) {
  return db.selectFrom('staff').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', staffId).where('status', '=', 1).executeTakeFirst();
}

function baseSelect(db: Db, companyId: CompanyId) {
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

/**
 * The orders `v` lets a member see (docs/design.md, "Data scope"): the one SQL reading of
 * data scope, applied to the alias `w`. Own = handled, created or reviewed by them.
 */
export function visibleTo(eb: ExpressionBuilder<DB & { w: WorkOrdersTable }, 'w'>, companyId: CompanyId, v: Exclude<Visibility, { kind: 'company' }>) {
  const mine = [
    eb('w.handler_id', '=', v.staffId),
    eb('w.creator_staff_id', '=', v.staffId),
    // An IN over the actor index rather than a correlated EXISTS: every term of the OR is
    // then an index lookup, which both databases combine (SQLite's OR-by-union, PostgreSQL's
    // BitmapOr) instead of scanning the company's orders.
    eb(
      'w.id',
      'in',
      eb
        .selectFrom('work_order_records as vr')
        .select('vr.work_order_id')
        .where('vr.company_id', '=', companyId)
        .where('vr.actor_staff_id', '=', v.staffId)
        .where('vr.action', 'in', REVIEWS),
    ),
  ];
  if (v.kind === 'department' && v.applicationIds.length) mine.push(eb('w.application_id', 'in', v.applicationIds));
  return eb.or(mine);
}

/** One order of the company with its display names, or undefined (also when `visibility` hides it). */
function findOrder(db: Db, companyId: CompanyId, id: WorkOrderId, visibility?: Visibility) {
  let q = baseSelect(db, companyId).select(['w.form_data', 'w.requester_id']).where('w.id', '=', id);
  if (visibility && visibility.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, visibility));
  return q.executeTakeFirst();
}

/** Filters of the list call (core payload table) plus the "my work orders" narrowings. */
export type OrderFilters = Omit<WorkOrderListQuery, 'pageNo' | 'pageSize' | 'company_id'> & {
  /** Any of these statuses (when `status` is not given). */
  statuses?: readonly WorkOrderStatus[];
  creatorStaffId?: StaffId;
  /** Orders with a review (examine) record by this staff member. */
  reviewedBy?: StaffId;
  /** The member's data scope; absent = the whole company. */
  visibility?: Visibility;
};

/** The narrow scope of `f` as the participant counters read it, or undefined for the whole company. */
function scopeOf(f: OrderFilters) {
  const v = f.visibility;
  if (!v || v.kind === 'company') return undefined;
  return { staffId: v.staffId, applicationIds: v.kind === 'department' ? v.applicationIds : [] };
}

/** Whether only filters the participant counters answer are set (statuses and one application). */
function countable(f: OrderFilters): boolean {
  return !f.category_id && !f.handler_id && !f.created_from && !f.created_to && !f.keyword && !f.creatorStaffId && !f.reviewedBy;
}

/** The base select with every filter applied; `simple` says whether the counters can give the total. */
function filtered(db: Db, companyId: CompanyId, f: OrderFilters) {
  let query = baseSelect(db, companyId);
  const scoped = f.visibility && f.visibility.kind !== 'company' ? f.visibility : undefined;
  const simple =
    !scoped &&
    !f.statuses &&
    !f.application_id &&
    !f.category_id &&
    !f.handler_id &&
    !f.created_from &&
    !f.created_to &&
    !f.keyword &&
    !f.creatorStaffId &&
    !f.reviewedBy;
  if (scoped) query = query.where((eb) => visibleTo(eb, companyId, scoped));
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
          .where('r.action', 'in', REVIEWS),
      ),
    );
  }
  if (f.keyword) {
    const kw = f.keyword;
    query = query.where((eb) => matching(eb, db, companyId, kw));
  }
  return { query, simple };
}

/** A page of the company's orders, newest first, and the total matching. */
async function listOrders(
  db: Db,
  companyId: CompanyId,
  q: OrderFilters & { pageNo: number; pageSize: number },
  opts: { exactCount?: boolean } & Pick<OrderFilters, 'creatorStaffId' | 'reviewedBy'> = {},
) {
  const f: OrderFilters = { ...q, creatorStaffId: opts.creatorStaffId, reviewedBy: opts.reviewedBy };
  const scope = scopeOf(f);
  if (scope && countable(f)) {
    // A narrow scope pages over its sources' indexes and totals from the counters.
    const statuses = f.status ? [f.status] : f.statuses;
    const ids = await scopedPageIds(db, companyId, scope, { statuses, applicationId: f.application_id }, q.pageSize, (q.pageNo - 1) * q.pageSize);
    const rows = ids.length ? await baseSelect(db, companyId).where('w.id', 'in', ids).orderBy('w.id', 'desc').execute() : [];
    const counts = await scopedCounts(db, companyId, scope, { applicationId: f.application_id });
    const total = (statuses ?? WORK_ORDER_STATUSES).reduce((s, st) => s + (counts[st] ?? 0), 0);
    return { rows, total };
  }
  if (f.keyword) return keywordPage(db, companyId, f, q);
  const { query, simple } = filtered(db, companyId, f);
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

/**
 * A page of a keyword search (docs/design.md, "Keyword search") and its total counted up
 * to `KEYWORD_COUNT_CAP` (then `capped`), so a word found in a third of a million orders
 * costs little more than a rare one. On SQLite the other filters apply to the orders joined
 * to the FTS5 matches read newest first; PostgreSQL takes the GIN matches as a set.
 */
async function keywordPage(db: Db, companyId: CompanyId, f: OrderFilters, q: { pageNo: number; pageSize: number }) {
  const offset = (q.pageNo - 1) * q.pageSize;
  const totalOf = <R>(rows: R[], counted: { n: number | string | bigint }) =>
    Number(counted.n) > KEYWORD_COUNT_CAP ? { rows, total: KEYWORD_COUNT_CAP, capped: true as const } : { rows, total: Number(counted.n) };
  if (isPostgres(db)) {
    const query = filtered(db, companyId, f).query;
    const rows = await query.orderBy('w.id', 'desc').limit(q.pageSize).offset(offset).execute();
    const c = query
      .clearSelect()
      .select('w.id')
      .limit(KEYWORD_COUNT_CAP + 1);
    return totalOf(
      rows,
      await db
        .selectFrom(c.as('c'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
  }
  const stream = keywordStream(f.keyword!);
  if (!stream) return { rows: [], total: 0 };
  const query = filtered(db, companyId, { ...f, keyword: undefined }).query.innerJoin(stream, (j) => j.onRef('s.id', '=', 'w.id'));
  const rows = await query.orderBy('s.id', 'desc').limit(q.pageSize).offset(offset).execute();
  const c = query
    .clearSelect()
    .select('w.id')
    .limit(KEYWORD_COUNT_CAP + 1);
  return totalOf(
    rows,
    await db
      .selectFrom(c.as('c'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

/** Matching orders with their form data, newest first, after `beforeId` (keyset paging for exports). */
function orderBatch(db: Db, companyId: CompanyId, f: OrderFilters, beforeId: WorkOrderId | null, limit: number) {
  let { query } = filtered(db, companyId, f);
  if (beforeId !== null) query = query.where('w.id', '<', beforeId);
  return query.select(['w.form_data']).orderBy('w.id', 'desc').limit(limit).execute();
}

/**
 * Live order counts by status (zero for statuses never used): the company's counters, or
 * the participant counters for a narrower data scope.
 */
async function statusCounts(db: Db, companyId: CompanyId, visibility?: Visibility): Promise<Record<WorkOrderStatus, number>> {
  const scope = scopeOf({ visibility });
  if (scope) return scopedCounts(db, companyId, scope);
  const rows = await db.selectFrom('work_order_status_counts').select(['status', 'count']).where('company_id', '=', companyId).execute();
  const out = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status as WorkOrderStatus] = Number(r.count);
  return out;
}

/** Unassigned orders (visible ones) whose application or template is named `name` (the reminder's filter). */
async function countUnassignedByName(db: Db, companyId: CompanyId, name: string, visibility?: Visibility): Promise<number> {
  let q = db
    .selectFrom('work_orders as w')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .innerJoin('templates as t', 't.id', 'w.template_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.company_id', '=', companyId)
    .where('w.status', '=', 'unassigned')
    .where('w.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('a.name', '=', name), eb('t.name', '=', name)]));
  if (visibility && visibility.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, visibility));
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The order's history, oldest first; `actions` narrows it (e.g. to assignment steps). */
function listRecords(db: Db, companyId: CompanyId, orderId: WorkOrderId, actions?: string[]) {
  let q = db
    .selectFrom('work_order_records')
    .select(['id', 'action', 'from_status', 'to_status', 'actor_name', 'target_name', 'note', 'is_internal', 'detail', 'created_at'])
    .where('company_id', '=', companyId)
    .where('work_order_id', '=', orderId);
  if (actions) q = q.where('action', 'in', actions);
  return q.orderBy('id').execute();
}

function findTemplateVersion(db: Db, companyId: CompanyId, templateId: TemplateId, version: number) {
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
async function isBoundToApplication(db: Db, companyId: CompanyId, applicationId: ApplicationId, staffId: StaffId): Promise<boolean> {
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
async function boundApplicationIds(db: Db, companyId: CompanyId, staffId: StaffId): Promise<Set<ApplicationId>> {
  const rows = await db.selectFrom('application_staff').select('application_id').where('company_id', '=', companyId).where('staff_id', '=', staffId).execute();
  return new Set(rows.map((r) => r.application_id));
}

/** Subquery: a staff member's (`s.id`) open orders, processing or pending review. */
export function openCount(eb: ExpressionBuilder<DB & { s: DB['staff'] }, 's'>, companyId: CompanyId) {
  return eb
    .selectFrom('work_orders as w')
    .select(eb.fn.countAll<number>().as('n'))
    .where('w.company_id', '=', companyId)
    .whereRef('w.handler_id', '=', 's.id')
    .where('w.status', 'in', ['processing', 'pending_review'])
    .where('w.deleted_at', 'is', null);
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
async function handlingFacts(db: Db, companyId: CompanyId, applicationId: ApplicationId, staffId: StaffId): Promise<{ bound: boolean; roleCanClaim: boolean }> {
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

/**
 * The handler automatic dispatch picks (docs/design.md, "Work-order state machine"): among
 * the bound, active staff of the application, the fewest open orders; ties go to whoever
 * received an order least recently, then the lowest id. Null when nobody is available.
 */
async function pickHandler(db: Db, companyId: CompanyId, applicationId: ApplicationId): Promise<{ id: StaffId; name: string } | null> {
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select((eb) => [
      's.id',
      's.name',
      openCount(eb, companyId).as('open'),
      eb
        .selectFrom('work_order_records as r')
        .select((e) => e.fn.max('r.created_at').as('m'))
        .where('r.company_id', '=', companyId)
        .whereRef('r.target_staff_id', '=', 's.id')
        .where('r.action', 'in', ['dispatch', 'assign', 'reassign'])
        .as('last'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.application_id', '=', applicationId)
    .where('s.status', '=', 1)
    .execute();
  rows.sort((a, b) => Number(a.open) - Number(b.open) || String(a.last ?? '').localeCompare(String(b.last ?? '')) || a.id - b.id);
  return rows[0] ? { id: rows[0].id, name: rows[0].name } : null;
}

/** The work-order functions bound to one company (reached through `forCompany`). */
export const orderRepo = companyRepo({
  nextOrderNo,
  insertOrder,
  moveStatus,
  insertRecord,
  updateFormData,
  softDelete,
  findActiveStaff,
  findOrder,
  listOrders,
  orderBatch,
  statusCounts,
  countUnassignedByName,
  listRecords,
  findTemplateVersion,
  isBoundToApplication,
  boundApplicationIds,
  handlingFacts,
  pickHandler,
});
export type OrderRepo = ReturnType<typeof orderRepo>;
export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepo['findOrder']>>>;
