/** SQL of applications (service channels with a public link) and their current template. */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ApplicationId, CategoryId, CompanyId, RequesterId, StaffId, TemplateId } from '@swo/contract';
import type { ApplicationsTable, DB } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { isPostgres, type Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { orderIdColumns, takenOrderIds, type TakenOrderIds } from '../work-orders/repo.ts';

/** Filters of the administrators' list. */
export interface ApplicationFilters {
  keyword?: string;
  status?: number;
  category_id?: CategoryId;
  pageNo: number;
  pageSize: number;
}

/** What an add or update writes. */
export interface ApplicationValues {
  name: string;
  description: string;
  template_id: TemplateId;
  category_id: CategoryId | null;
  status: number;
  app_key: string;
}

function selectItems(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('applications as a')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .leftJoin('categories as c', 'c.id', 'a.category_id')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.description',
      'a.app_key',
      'a.template_id',
      't.name as template_name',
      't.is_automatic',
      'a.category_id',
      'c.name as category_name',
      'a.status',
      'a.created_at',
      eb
        .selectFrom('application_staff as b')
        .innerJoin('staff as s', 's.id', 'b.staff_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('b.application_id', '=', 'a.id')
        .where('b.company_id', '=', companyId)
        .where('s.deleted_at', 'is', null)
        .as('bound_count'),
    ])
    .where('a.company_id', '=', companyId);
}

/** The list filters as one condition on `a` (true when none is given). */
function matching(eb: ExpressionBuilder<DB & { a: ApplicationsTable }, 'a'>, f: ApplicationFilters) {
  const conds: Expression<SqlBool>[] = [];
  if (f.keyword) conds.push(contains('a.name', f.keyword));
  if (f.status !== undefined) conds.push(eb('a.status', '=', f.status));
  if (f.category_id) conds.push(eb('a.category_id', '=', f.category_id));
  return eb.and(conds);
}

/** A page of the company's applications, by id, with the filters applied, and the total. */
async function listApplications(db: Db, companyId: CompanyId, f: ApplicationFilters) {
  const rows = await selectItems(db, companyId)
    .where((eb) => matching(eb, f))
    .orderBy('a.id')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await db
    .selectFrom('applications as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.company_id', '=', companyId)
    .where((eb) => matching(eb, f))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** One application of the company (any status), or undefined. */
function findApplication(db: Db, companyId: CompanyId, id: ApplicationId) {
  return selectItems(db, companyId).where('a.id', '=', id).executeTakeFirst();
}

/** Staff (not removed) bound to the application. */
/** Present staff bound to the application, with account and department, by name. */
function boundStaff(db: Db, companyId: CompanyId, id: ApplicationId) {
  return db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .select(['s.id', 's.name', 'u.username', 'd.name as department_name', 's.status'])
    .where('b.company_id', '=', companyId)
    .where('b.application_id', '=', id)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** Replaces the application's bound staff with `staffIds` (already checked to be the company's). */
async function setBoundStaff(db: Db, companyId: CompanyId, id: ApplicationId, staffIds: readonly StaffId[]): Promise<void> {
  await db.deleteFrom('application_staff').where('company_id', '=', companyId).where('application_id', '=', id).execute();
  if (staffIds.length)
    await db
      .insertInto('application_staff')
      .values(staffIds.map((staff_id) => ({ company_id: companyId, application_id: id, staff_id })))
      .execute();
}

/** How many of `staffIds` are present, active staff of the company. */
async function activeStaffCount(db: Db, companyId: CompanyId, staffIds: readonly StaffId[]): Promise<number> {
  if (!staffIds.length) return 0;
  const r = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('id', 'in', staffIds)
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function boundStaffIds(db: Db, companyId: CompanyId, id: ApplicationId): Promise<StaffId[]> {
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select('b.staff_id')
    .where('b.company_id', '=', companyId)
    .where('b.application_id', '=', id)
    .where('s.deleted_at', 'is', null)
    .orderBy('b.staff_id')
    .execute();
  return rows.map((r) => r.staff_id);
}

async function applicationNameTaken(db: Db, companyId: CompanyId, name: string, exceptId?: ApplicationId): Promise<boolean> {
  let q = db.selectFrom('applications').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

async function insertApplication(db: Db, companyId: CompanyId, v: ApplicationValues, at: string): Promise<ApplicationId> {
  return (
    await db
      .insertInto('applications')
      .values({ ...v, company_id: companyId, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function updateApplication(db: Db, companyId: CompanyId, id: ApplicationId, v: Partial<ApplicationValues>): Promise<void> {
  if (!Object.keys(v).length) return;
  await db.updateTable('applications').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Work orders of the application, deleted ones included (they keep pointing at it). */
async function orderCount(db: Db, companyId: CompanyId, id: ApplicationId): Promise<number> {
  const r = await db
    .selectFrom('work_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('application_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function deleteApplication(db: Db, companyId: CompanyId, id: ApplicationId): Promise<void> {
  await db.deleteFrom('application_staff').where('company_id', '=', companyId).where('application_id', '=', id).execute();
  await db.deleteFrom('applications').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * The active applications with their company and template; `copies`: each row that many
 * times (for ids taken per copy). The copies are an array's elements, not
 * `generate_series(1, n)`: PostgreSQL guesses 1,000 rows for a series of unknown length, so
 * the generic plan of the prepared statement looked dearer than a custom one and every call
 * was planned anew (~5 % of PostgreSQL's work on a public create); an unknown array is
 * guessed at 10 and the generic plan is taken from the sixth call.
 */
function activeApplications(db: Db, copies?: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('companies as co', 'co.id', 'a.company_id')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .$if(copies !== undefined, (q) => q.innerJoin(sql<{ n: number }>`unnest(array_fill(1, array[${copies}::int]))`.as('copies'), (j) => j.onTrue()))
    .select([
      'a.id',
      'a.company_id',
      'a.name',
      'a.description',
      'a.app_key',
      'a.category_id',
      'co.name as company_name',
      'co.time_zone as company_time_zone',
      't.id as template_id',
      't.name as template_name',
      't.version as template_version',
      't.schema as template_schema',
      't.is_automatic',
      't.status as template_status',
    ])
    .where('a.status', '=', 1)
    .where('co.status', '=', 1);
}

/** An active application with its company and current template, as orders are created from it. */
export type ActiveApplication = NonNullable<Awaited<ReturnType<typeof findActiveByKey>>>;

/** An active application of the company by id. */
function findActiveApplication(db: Db, companyId: CompanyId, applicationId: ApplicationId) {
  return activeApplications(db).where('a.company_id', '=', companyId).where('a.id', '=', applicationId).executeTakeFirst();
}

/**
 * An active application by its public key. This is the one lookup that starts from no
 * company: the key itself names the company.
 */
export async function findActiveByKey(db: Db, appKey: string) {
  return (await db.executeQuery(activeByKey(db, { appKey }))).rows.at(0);
}
/** Compiled once: every public form and create starts with it. */
const activeByKey = compiledOnce((db, v: { appKey: string }) => activeApplications(db).where('a.app_key', '=', v.appKey));

/**
 * Ids a create takes ahead on PostgreSQL: the order's id and number in the company, and for
 * a public create a new requester's id (null for `Work/add`, whose order has no requester).
 */
export interface TakenIds {
  requesterId: RequesterId | null;
  order: TakenOrderIds;
}

/** An active application as a create starts from it, with the ids it took (null on SQLite). */
export type ApplicationTakingIds = ActiveApplication & { ids: TakenIds | null };

/**
 * What `creates` public creates start from: the active application by its key (as
 * findActiveByKey), once per create, each with, on PostgreSQL, a new requester's and
 * order's ids and the order's number taken in the same statement, so that every write of
 * the create may wait and go as one statement (db/deferred-writes.ts; docs/design.md,
 * "Deferred writes"). A create that then fails (its form refused, say) leaves its number
 * unused, as a rolled-back one does. SQLite takes no ids ahead (`ids` null): its numbers
 * are counted in the transaction. Undefined for each when no active application has the key.
 */
export async function findActiveByKeyTakingIds(db: Db, appKey: string, creates = 1): Promise<(ApplicationTakingIds | undefined)[]> {
  if (!isPostgres(db)) {
    const app = await findActiveByKey(db, appKey);
    return Array.from({ length: creates }, () => app && { ...app, ids: null });
  }
  const rows = (await db.executeQuery(activeByKeyTakingIds(db, { appKey, creates }))).rows;
  return Array.from({ length: creates }, (_, i) => {
    const row = rows.at(i);
    if (!row) return undefined;
    const { next_requester_id, ...rest } = row;
    return withTakenIds(rest, Number(next_requester_id) as RequesterId);
  });
}
const activeByKeyTakingIds = compiledOnce((db, v: { appKey: string; creates: number }) =>
  activeApplications(db, v.creates)
    .select([sql<string>`nextval('requesters_id_seq')`.as('next_requester_id'), ...orderIdColumns(sql.ref('a.company_id'))])
    .where('a.app_key', '=', v.appKey),
);

/** `Work/add`: an active application of the company by id, with the order's ids taken as findActiveByKeyTakingIds takes them. */
async function findActiveApplicationTakingIds(db: Db, companyId: CompanyId, applicationId: ApplicationId): Promise<ApplicationTakingIds | undefined> {
  if (!isPostgres(db)) {
    const app = await findActiveApplication(db, companyId, applicationId);
    return app && { ...app, ids: null };
  }
  const row = (await db.executeQuery(activeByIdTakingIds(db, { companyId, applicationId }))).rows.at(0);
  return row && withTakenIds(row, null);
}
const activeByIdTakingIds = compiledOnce((db, v: { companyId: CompanyId; applicationId: ApplicationId }) =>
  activeApplications(db)
    .select(orderIdColumns(sql.ref('a.company_id')))
    .where('a.company_id', '=', v.companyId)
    .where('a.id', '=', v.applicationId),
);

/** An application row that selected `orderIdColumns`, as a create starts from it. */
function withTakenIds(row: ActiveApplication & { next_order_id: string; next_order_seq: string }, requesterId: RequesterId | null): ApplicationTakingIds {
  const { next_order_id, next_order_seq, ...app } = row;
  return { ...app, ids: { requesterId, order: takenOrderIds({ next_order_id, next_order_seq }) } };
}

/** Applications the staff member is bound to (may handle orders of). */
function listBoundApplications(db: Db, companyId: CompanyId, staffId: StaffId) {
  return db
    .selectFrom('application_staff as b')
    .innerJoin('applications as a', 'a.id', 'b.application_id')
    .select(['a.id', 'a.name', 'a.app_key', 'a.status'])
    .where('b.company_id', '=', companyId)
    .where('b.staff_id', '=', staffId)
    .orderBy('a.id')
    .execute();
}

/** The application functions bound to one company (reached through `forCompany`). */
export const applicationRepo = companyRepo({
  listApplications,
  findApplication,
  boundStaffIds,
  boundStaff,
  setBoundStaff,
  activeStaffCount,
  applicationNameTaken,
  insertApplication,
  updateApplication,
  orderCount,
  deleteApplication,
  findActiveApplication,
  findActiveApplicationTakingIds,
  listBoundApplications,
});
export type ApplicationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof applicationRepo>['findApplication']>>>;
