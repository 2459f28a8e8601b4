/**
 * SQL of who takes part in each order and of the live counters behind the narrow data
 * scopes (docs/design.md, "Data scope"): `work_order_participants` holds one row per
 * (staff member, order) they handle, created or reviewed, with the order's application and
 * status; `work_order_application_counts` and `work_order_participant_counts` count orders
 * per (application, status) and per (participant, application, status).
 *
 * The order repository calls `restate` in the transaction of every change that moves an
 * order between those keys (create, transition, review, delete), so a `department` or
 * `own` list pages over indexes and takes its total from counters: O(page), not O(visible
 * orders). Counter rows are always updated in one fixed order (application rows, then
 * participant rows, each sorted) so concurrent transactions on PostgreSQL cannot deadlock.
 */
import { sql } from 'kysely';
import { WORK_ORDER_STATUSES, type ApplicationId, type CompanyId, type StaffId, type WorkOrderId, type WorkOrderStatus } from '@swo/contract';
import { counterStripe, isPostgres, type Db } from '../../db/types.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { summed } from '../../db/deferred-writes.ts';

/** What a participant is to an order: bits of `work_order_participants.roles`. */
export const PART = { handler: 1, creator: 2, reviewer: 4 } as const;

/** An order as the counters see it: its application, status and participants (staff -> role bits). */
export interface Standing {
  application_id: ApplicationId;
  status: string;
  members: Map<StaffId, number>;
}

/** The narrow data scopes (visibility.ts); `applicationIds` are those whose orders a department sees whole. */
export interface Scope {
  staffId: StaffId;
  applicationIds: readonly ApplicationId[];
}

/** Filters the counters can answer: statuses and one application. */
export interface ScopeFilter {
  statuses?: readonly string[];
  applicationId?: ApplicationId;
}

/** Participants of a new order: its handler and the staff member who created it, if any. */
export function membersOf(handlerId: StaffId | null, creatorId: StaffId | null): Map<StaffId, number> {
  const m = new Map<StaffId, number>();
  if (handlerId !== null) m.set(handlerId, PART.handler);
  if (creatorId !== null) m.set(creatorId, (m.get(creatorId) ?? 0) | PART.creator);
  return m;
}

/** The current participant rows of an order (staff -> role bits). */
export async function readMembers(db: Db, companyId: CompanyId, orderId: WorkOrderId): Promise<Map<StaffId, number>> {
  const rows = await db
    .selectFrom('work_order_participants')
    .select(['staff_id', 'roles'])
    .where('company_id', '=', companyId)
    .where('work_order_id', '=', orderId)
    .execute();
  return new Map(rows.map((r) => [r.staff_id, r.roles]));
}

/** The application and status of a live order, or undefined. */
export function orderKeys(db: Db, companyId: CompanyId, orderId: WorkOrderId) {
  return db
    .selectFrom('work_orders')
    .select(['application_id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

const applicationBump = compiledOnce((db, v: { companyId: CompanyId; applicationId: ApplicationId; status: string; delta: number }) =>
  summed(
    db
      .insertInto('work_order_application_counts')
      .values({ company_id: v.companyId, application_id: v.applicationId, status: v.status, stripe: counterStripe(db), count: v.delta })
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'application_id', 'status', 'stripe'])
          .doUpdateSet((eb) => ({ count: eb('work_order_application_counts.count', '+', eb.ref('excluded.count')) })),
      ),
  ),
);

const participantBump = compiledOnce((db, v: { companyId: CompanyId; staffId: StaffId; applicationId: ApplicationId; status: string; delta: number }) =>
  summed(
    db
      .insertInto('work_order_participant_counts')
      .values({ company_id: v.companyId, staff_id: v.staffId, application_id: v.applicationId, status: v.status, stripe: counterStripe(db), count: v.delta })
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'staff_id', 'application_id', 'status', 'stripe'])
          .doUpdateSet((eb) => ({ count: eb('work_order_participant_counts.count', '+', eb.ref('excluded.count')) })),
      ),
  ),
);

/** Adds `delta` to this connection's stripe of one counter, creating the row on first use. */
async function bumpApplication(db: Db, companyId: CompanyId, applicationId: ApplicationId, status: string, delta: number): Promise<void> {
  await db.executeQuery(applicationBump(db, { companyId, applicationId, status, delta }));
}

async function bumpParticipant(db: Db, companyId: CompanyId, staffId: StaffId, applicationId: ApplicationId, status: string, delta: number): Promise<void> {
  await db.executeQuery(participantBump(db, { companyId, staffId, applicationId, status, delta }));
}

/** Net counter changes of going from `before` to `after`, keyed so that sorting gives the lock order. */
function deltasOf(before: Standing | null, after: Standing | null): Map<string, number> {
  const d = new Map<string, number>();
  const add = (key: string, n: number) => d.set(key, (d.get(key) ?? 0) + n);
  const pad = (n: number) => String(n).padStart(12, '0');
  for (const [s, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!s) continue;
    add(`a|${pad(s.application_id)}|${s.status}`, sign);
    for (const staff of s.members.keys()) add(`p|${pad(staff)}|${pad(s.application_id)}|${s.status}`, sign);
  }
  return d;
}

/**
 * Brings an order's participant rows and every counter from `before` to `after` (null: the
 * order is not counted, i.e. not yet made or deleted). Call it in the transaction of the
 * change, after the order row itself was written.
 */
export async function restate(db: Db, companyId: CompanyId, orderId: WorkOrderId, before: Standing | null, after: Standing | null): Promise<void> {
  const old = before?.members ?? new Map<StaffId, number>();
  const now = after?.members ?? new Map<StaffId, number>();
  for (const staff of old.keys()) {
    if (!now.has(staff)) {
      await db
        .deleteFrom('work_order_participants')
        .where('company_id', '=', companyId)
        .where('staff_id', '=', staff)
        .where('work_order_id', '=', orderId)
        .execute();
    }
  }
  for (const [staff, roles] of now) {
    if (!after) break;
    if (!old.has(staff)) {
      await db
        .insertInto('work_order_participants')
        .values({ company_id: companyId, staff_id: staff, work_order_id: orderId, application_id: after.application_id, status: after.status, roles })
        .execute();
    } else if (old.get(staff) !== roles || before?.status !== after.status) {
      await db
        .updateTable('work_order_participants')
        .set({ roles, status: after.status })
        .where('company_id', '=', companyId)
        .where('staff_id', '=', staff)
        .where('work_order_id', '=', orderId)
        .execute();
    }
  }
  const deltas = [...deltasOf(before, after)].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, n] of deltas) {
    const parts = key.split('|');
    if (parts[0] === 'a') await bumpApplication(db, companyId, Number(parts[1]) as ApplicationId, parts[2], n);
    else await bumpParticipant(db, companyId, Number(parts[1]) as StaffId, Number(parts[2]) as ApplicationId, parts[3], n);
  }
}

/**
 * Ids of one page of the orders a narrow scope sees, newest first: a union of per-source
 * index walks (each application the scope sees whole, and the member's own participation),
 * each cut at `offset + limit`, so a page costs O((sources) x (offset + limit)).
 */
export async function scopedPageIds(db: Db, companyId: CompanyId, scope: Scope, f: ScopeFilter, limit: number, offset: number): Promise<WorkOrderId[]> {
  const n = offset + limit;
  const statuses: (string | undefined)[] = f.statuses ? [...f.statuses] : [undefined];
  const apps = f.applicationId ? scope.applicationIds.filter((a) => a === f.applicationId) : scope.applicationIds;
  const streams = [];
  for (const status of statuses) {
    for (const app of apps) {
      let q = db.selectFrom('work_orders').select('id').where('company_id', '=', companyId).where('application_id', '=', app).where('deleted_at', 'is', null);
      if (status) q = q.where('status', '=', status);
      streams.push(q.orderBy('id', 'desc').limit(n));
    }
    let own = db.selectFrom('work_order_participants').select('work_order_id as id').where('company_id', '=', companyId).where('staff_id', '=', scope.staffId);
    if (status) own = own.where('status', '=', status);
    if (f.applicationId) own = own.where('application_id', '=', f.applicationId);
    streams.push(own.orderBy('work_order_id', 'desc').limit(n));
  }
  // Each stream is wrapped as a derived table: both dialects then accept its ORDER BY/LIMIT in a UNION.
  const wrapped = streams.map((s, i) => db.selectFrom(s.as(`s${i}`)).select(`s${i}.id` as 'id'));
  let union = wrapped[0];
  for (const w of wrapped.slice(1)) union = union.union(w);
  const rows = await db.selectFrom(union.as('u')).select('u.id').orderBy('u.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}

/** Per-status order counts a narrow scope sees (zero for statuses never used), from the counters. */
export async function scopedCounts(
  db: Db,
  companyId: CompanyId,
  scope: Scope,
  f: Pick<ScopeFilter, 'applicationId'> = {},
): Promise<Record<WorkOrderStatus, number>> {
  const apps = f.applicationId ? scope.applicationIds.filter((a) => a === f.applicationId) : scope.applicationIds;
  const rows: { status: string; n: number | string | bigint | null }[] = [];
  if (apps.length) {
    rows.push(
      ...(await db
        .selectFrom('work_order_application_counts')
        .select((eb) => ['status', eb.fn.sum<number>('count').as('n')])
        .where('company_id', '=', companyId)
        .where('application_id', 'in', apps)
        .groupBy('status')
        .execute()),
    );
  }
  let own = db
    .selectFrom('work_order_participant_counts')
    .select((eb) => ['status', eb.fn.sum<number>('count').as('n')])
    .where('company_id', '=', companyId)
    .where('staff_id', '=', scope.staffId);
  // Orders of an application the scope sees whole are counted there already.
  if (scope.applicationIds.length) own = own.where('application_id', 'not in', scope.applicationIds);
  if (f.applicationId) own = own.where('application_id', '=', f.applicationId);
  rows.push(...(await own.groupBy('status').execute()));
  const out = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status as WorkOrderStatus] += Number(r.n ?? 0);
  return out;
}

/** Recomputes participants and their counters from the orders and records (after bulk loads). */
export async function rebuildParticipants(db: Db): Promise<void> {
  await db.deleteFrom('work_order_participant_counts').execute();
  await db.deleteFrom('work_order_application_counts').execute();
  await db.deleteFrom('work_order_participants').execute();
  await sql`insert into work_order_participants (company_id, staff_id, work_order_id, application_id, status, roles)
    select company_id, staff_id, work_order_id, application_id, status, sum(bit) from (
      select company_id, handler_id as staff_id, id as work_order_id, application_id, status, ${sql.lit(PART.handler)} as bit
        from work_orders where deleted_at is null and handler_id is not null
      union all
      select company_id, creator_staff_id, id, application_id, status, ${sql.lit(PART.creator)}
        from work_orders where deleted_at is null and creator_staff_id is not null
      union all
      select distinct w.company_id, r.actor_staff_id, w.id, w.application_id, w.status, ${sql.lit(PART.reviewer)}
        from work_order_records r join work_orders w on w.id = r.work_order_id and w.company_id = r.company_id
        where w.deleted_at is null and r.actor_staff_id is not null and r.action in ('examine_pass', 'examine_fail')
    ) x group by company_id, staff_id, work_order_id, application_id, status`.execute(db);
  await sql`insert into work_order_application_counts (company_id, application_id, status, count)
    select company_id, application_id, status, count(*) from work_orders where deleted_at is null
    group by company_id, application_id, status`.execute(db);
  await sql`insert into work_order_participant_counts (company_id, staff_id, application_id, status, count)
    select company_id, staff_id, application_id, status, count(*) from work_order_participants
    group by company_id, staff_id, application_id, status`.execute(db);
}

/** Each counter table with the columns of its key before the stripe. */
const COUNTER_KEYS = {
  work_order_status_counts: ['company_id', 'status'],
  work_order_application_counts: ['company_id', 'application_id', 'status'],
  work_order_participant_counts: ['company_id', 'staff_id', 'application_id', 'status'],
} as const;

/**
 * Folds the counter stripes of PostgreSQL backends that are gone into stripe 0, one
 * statement per table (docs/design.md, "Counters and order numbers"), so a counter stays a
 * handful of rows however often the pool replaces its connections. A live backend's stripe
 * is left alone: no writer ever waits on the fold. Returns the rows folded; 0 on SQLite.
 */
export async function foldCounterStripes(db: Db): Promise<number> {
  if (!isPostgres(db)) return 0;
  let folded = 0;
  for (const [table, key] of Object.entries(COUNTER_KEYS)) {
    const cols = sql.join(key.map((k) => sql.ref(k)));
    const r = await sql<{ n: number }>`with gone as (
        delete from ${sql.table(table)} where stripe <> 0 and stripe not in (select pid from pg_stat_activity where pid is not null)
        returning ${cols}, count
      ), folded as (
        insert into ${sql.table(table)} (${cols}, stripe, count)
        select ${cols}, 0, sum(count) from gone group by ${cols}
        on conflict (${cols}, stripe) do update set count = ${sql.table(table)}.count + excluded.count
      )
      select count(*)::int as n from gone`.execute(db);
    folded += Number(r.rows[0]?.n ?? 0);
  }
  return folded;
}
