/**
 * SQL of work orders, their records and the per-status counters. Every tenant function
 * takes the company id first and is reached only through `orderRepo(db, companyId)`
 * (tenancy/company-repo.ts): an order of another company is simply not found. Status changes
 * go only through `insertOrder` and `moveStatus`, which keep `work_order_status_counts`
 * right in the same transaction; they, `insertRecord` (reviews) and `softDelete` also keep
 * the participants and counters of the narrow data scopes (participants-repo.ts) and the
 * keyword index (search-repo.ts). Reads of orders are in list-repo.ts.
 */
import { sql, type Expression, type ExpressionBuilder, type Insertable } from 'kysely';
import { ACTION, type ActionKey, type ApplicationId, type CompanyId, type StaffId, type WorkOrderId, type WorkOrderStatus } from '@swo/contract';
import { compiledOnce } from '../../db/compiled.ts';
import { counterStripe, insertedId, isPostgres, type Db } from '../../db/types.ts';
import { later, summed } from '../../db/deferred-writes.ts';
import type { DB, RolesTable, WorkOrderRecordsTable, WorkOrdersTable } from '../../db/schema.ts';
import { localDay } from '../../lib/time.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { indexOrder, unindexOrder } from './search-repo.ts';
import { listRecords } from './records-repo.ts';
import { membersOf, orderKeys, PART, readMembers, restate, type Standing } from './participants-repo.ts';
import {
  countIn,
  countWithEpoch,
  countUnassignedByName,
  findOrder,
  findOrderDetail,
  listOrders,
  orderBatch,
  REVIEWS,
  statusCounts,
  findTemplateVersion,
} from './list-repo.ts';

/** PostgreSQL: a new order's id and number taken ahead (`orderIdColumns`), so its insert may wait (db/deferred-writes.ts). */
export interface TakenOrderIds {
  id: WorkOrderId;
  /** The company's next number (`work_order_no_<company id>`). */
  seq: number;
}

type NewOrder = Omit<WorkOrdersTable, 'id' | 'company_id' | 'order_no' | 'version' | 'deleted_at' | 'completed_at' | 'reason'> & {
  /** The company's time zone: the day of the order's number is the company's. */
  time_zone: string;
  taken?: TakenOrderIds | null;
};

const statusBump = compiledOnce((db, v: { companyId: CompanyId; status: string; delta: number }) =>
  summed(
    db
      .insertInto('work_order_status_counts')
      .values({ company_id: v.companyId, status: v.status, stripe: counterStripe(db), count: v.delta })
      .onConflict((oc) =>
        oc.columns(['company_id', 'status', 'stripe']).doUpdateSet((eb) => ({ count: eb('work_order_status_counts.count', '+', eb.ref('excluded.count')) })),
      ),
  ),
);

/** Adds `delta` to this connection's stripe of the (company, status) counter, creating the row on first use. */
async function bumpCount(db: Db, companyId: CompanyId, status: string, delta: number): Promise<void> {
  await db.executeQuery(statusBump(db, { companyId, status, delta }));
}

/** The yyyyMMdd an order number made at `at` starts with: the company's own day. */
const dayPrefix = (at: string, timeZone: string) => localDay(at, timeZone).replace(/-/g, '');

/**
 * PostgreSQL: the columns that take a new order's id and its number in the company
 * `companyId` (an SQL expression of the company's id), to select in the statement that
 * starts a create (applications/repo.ts) or on their own (`takeOrderIds`). The number comes
 * from the company's own sequence (`work_order_no_<id>`, made by a trigger with the company):
 * nextval locks no row, so creates of one company do not queue on each other; numbers a
 * rolled-back or refused create took are skipped. Read back with `takenOrderIds`.
 */
export function orderIdColumns(companyId: Expression<unknown>) {
  return [
    sql<string>`nextval('work_orders_id_seq')`.as('next_order_id'),
    sql<string>`nextval(format('work_order_no_%s', ${companyId})::regclass)`.as('next_order_seq'),
  ] as const;
}

/** The ids `orderIdColumns` took, from the row that selected them. */
export function takenOrderIds(row: { next_order_id: string; next_order_seq: string }): TakenOrderIds {
  return { id: Number(row.next_order_id) as WorkOrderId, seq: Number(row.next_order_seq) };
}

/** PostgreSQL: a new order's id and number taken on their own (a create that did not take them ahead, as the Excel import). */
const takeOrderIds = compiledOnce((db, v: { companyId: CompanyId }) => db.selectNoFrom(orderIdColumns(sql`${v.companyId}::bigint`)));

/**
 * SQLite: the company's next order number is counted on its row (writers take turns there),
 * then read back in a statement of its own. Not `update ... returning`: on SQLite a write with
 * RETURNING took 40-60 us more within a create under load than the same write without (9
 * against 5 us alone), the read after it ~5 us (docs/design.md, "No RETURNING on SQLite").
 */
const bumpSqliteSeq = compiledOnce((db, v: { companyId: CompanyId }) =>
  db
    .updateTable('companies')
    .set((eb) => ({ order_seq: eb('order_seq', '+', 1) }))
    .where('id', '=', v.companyId),
);
const readSqliteSeq = compiledOnce((db, v: { companyId: CompanyId }) => db.selectFrom('companies').select('order_seq').where('id', '=', v.companyId));

/**
 * SQLite: a new order's row, every column named (compiled once: the statement's shape never
 * varies; no value may be undefined). Its id is the insert's rowid, not a RETURNING (see above).
 */
const orderInsert = compiledOnce((db, v: Omit<WorkOrdersTable, 'id'>) => db.insertInto('work_orders').values(v));

/** PostgreSQL: a new order's row with its id and number taken ahead; nothing read back, so it may wait. */
const takenOrderInsert = compiledOnce((db, v: Omit<WorkOrdersTable, 'id'> & { id: WorkOrderId }) => later(db.insertInto('work_orders').values(v)));

/** The order number: `day` (yyyyMMdd) + the company's sequence padded to at least six digits. */
const orderNumber = (day: string, seq: number | string) => day + String(seq).padStart(6, '0');

async function insertOrder(db: Db, companyId: CompanyId, o: NewOrder): Promise<{ id: WorkOrderId; order_no: string }> {
  const values: Omit<WorkOrdersTable, 'id' | 'order_no'> = {
    company_id: companyId,
    title: o.title,
    status: o.status,
    application_id: o.application_id,
    template_id: o.template_id,
    template_version: o.template_version,
    category_id: o.category_id ?? null,
    handler_id: o.handler_id ?? null,
    requester_id: o.requester_id ?? null,
    requester_name: o.requester_name,
    requester_phone: o.requester_phone,
    creator_staff_id: o.creator_staff_id ?? null,
    form_data: o.form_data,
    reason: null,
    version: 1,
    created_at: o.created_at,
    updated_at: o.updated_at,
    completed_at: o.status === 'completed' ? o.updated_at : null,
    deleted_at: null,
  };
  // The number: yyyyMMdd of the company's day + a per-company sequence of at least 6 digits.
  const day = dayPrefix(o.created_at, o.time_zone);
  let row: { id: WorkOrderId; order_no: string };
  if (isPostgres(db)) {
    const taken = o.taken ?? takenOrderIds((await db.executeQuery(takeOrderIds(db, { companyId }))).rows[0]);
    row = { id: taken.id, order_no: orderNumber(day, taken.seq) };
    await db.executeQuery(takenOrderInsert(db, { ...values, ...row }));
  } else {
    await db.executeQuery(bumpSqliteSeq(db, { companyId }));
    const { order_seq } = (await db.executeQuery(readSqliteSeq(db, { companyId }))).rows[0];
    const order_no = orderNumber(day, order_seq);
    row = { id: insertedId<WorkOrderId>(await db.executeQuery(orderInsert(db, { ...values, order_no }))), order_no };
  }
  await bumpCount(db, companyId, o.status, 1);
  await restate(db, companyId, row.id, null, { application_id: o.application_id, status: o.status, members: membersOf(o.handler_id, o.creator_staff_id) });
  await indexOrder(db, companyId, row.id, { ...o, order_no: row.order_no }, { fresh: true });
  return row;
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

/** A history row, every column named. */
const recordInsert = compiledOnce((db, v: Insertable<WorkOrderRecordsTable>) => later(db.insertInto('work_order_records').values(v)));

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
  await db.executeQuery(
    recordInsert(db, {
      company_id: companyId,
      work_order_id: r.work_order_id,
      action: r.action,
      from_status: r.from_status,
      to_status: r.to_status,
      actor_staff_id: r.actor_staff_id,
      actor_name: r.actor_name,
      target_staff_id: r.target_staff_id ?? null,
      target_name: r.target_name ?? null,
      note: r.note ?? null,
      is_internal: r.is_internal ?? 0,
      detail: r.detail ?? null,
      created_at: r.created_at,
    }),
  );
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

/** Soft-deletes an order still in `status` at `version`, taking it out of the counters and the keyword index. */
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
  await unindexOrder(db, companyId, id);
  return true;
}

/** An active staff member of the company, or undefined. */
function findActiveStaff(db: Db, companyId: CompanyId, staffId: StaffId) {
  return db.selectFrom('staff').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', staffId).where('status', '=', 1).executeTakeFirst();
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
 * Whether the role `r` may take `action` on orders: an administrator role, or one granted
 * the action on the work-order menu while that menu is active (as the guard reads grants).
 * The one place this is decided in SQL: the staff picker, assignment targets (claim) and
 * the reviewers notified (review) use it.
 */
export function roleMayAct(eb: ExpressionBuilder<DB & { r: RolesTable }, 'r'>, action: ActionKey) {
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
        .where('g.action', '=', action),
    ),
  ]);
}

/** Whether the role `r` may claim orders (roleMayAct). */
export const roleMayClaim = (eb: ExpressionBuilder<DB & { r: RolesTable }, 'r'>) => roleMayAct(eb, ACTION.claim);

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
  insertOrder,
  moveStatus,
  insertRecord,
  updateFormData,
  softDelete,
  findActiveStaff,
  findOrder,
  findOrderDetail,
  listOrders,
  orderBatch,
  statusCounts,
  countIn,
  countWithEpoch,
  countUnassignedByName,
  listRecords,
  findTemplateVersion,
  isBoundToApplication,
  handlingFacts,
  pickHandler,
});
export type OrderRepo = ReturnType<typeof orderRepo>;
export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepo['findOrder']>>>;
