/**
 * SQL of the statistics (docs/product.md, section 7): orders grouped by application or
 * handler over UTC instants, and hourly counts the service folds into the company's days.
 * Reached only through `statsRepo(db, companyId)`.
 */
import { sql, type RawBuilder } from 'kysely';
import { OPEN_STATUSES, OVERDUE_HOURS, type ApplicationId, type CompanyId, type StaffId } from '@swo/contract';
import type { Dialect } from '../../db/connect.ts';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { visibleTo } from './list-repo.ts';
import type { Visibility } from './visibility.ts';

export type Group = 'application_id' | 'handler_id';

/** Which orders a figure counts: UTC instants `start`..`end`, optionally of one application. */
export interface Window {
  start: string;
  end: string;
  applicationId?: ApplicationId;
  /** The member's data scope; absent = the whole company. */
  visibility?: Visibility;
}

/** Hours from created_at to completed_at, in the dialect's date arithmetic. */
function handlingHours(dialect: Dialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (w.completed_at::timestamptz - w.created_at::timestamptz)) / 3600.0`
    : sql<number>`(julianday(w.completed_at) - julianday(w.created_at)) * 24.0`;
}

/** Orders created in the window per group: how many, how many still open, how many of those overdue at `overdueBefore`. */
function createdByGroup(db: Db, companyId: CompanyId, group: Group, w: Window, overdueBefore: string) {
  let q = db
    .selectFrom('work_orders as w')
    .select((eb) => [
      `w.${group} as key`,
      eb.fn.countAll<number>().as('created'),
      sql<number>`sum(case when w.status in (${sql.join(OPEN_STATUSES)}) then 1 else 0 end)`.as('open'),
      sql<number>`sum(case when w.status in (${sql.join(OPEN_STATUSES)}) and w.created_at < ${overdueBefore} then 1 else 0 end)`.as('overdue'),
    ])
    .where('w.company_id', '=', companyId)
    .where('w.deleted_at', 'is', null)
    .where('w.created_at', '>=', w.start)
    .where('w.created_at', '<=', w.end)
    .groupBy(`w.${group}`);
  if (w.applicationId) q = q.where('w.application_id', '=', w.applicationId);
  const v = w.visibility;
  if (v && v.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, v));
  return q.execute();
}

/** Orders completed in the window per group: how many, mean handling hours, how many took longer than OVERDUE_HOURS. */
function completedByGroup(db: Db, companyId: CompanyId, group: Group, w: Window, dialect: Dialect) {
  const hours = handlingHours(dialect);
  let q = db
    .selectFrom('work_orders as w')
    .select((eb) => [
      `w.${group} as key`,
      eb.fn.countAll<number>().as('completed'),
      sql<number | null>`avg(${hours})`.as('avg_hours'),
      sql<number>`sum(case when ${hours} > ${OVERDUE_HOURS} then 1 else 0 end)`.as('overdue'),
    ])
    .where('w.company_id', '=', companyId)
    .where('w.deleted_at', 'is', null)
    .where('w.status', '=', 'completed')
    .where('w.completed_at', '>=', w.start)
    .where('w.completed_at', '<=', w.end)
    .groupBy(`w.${group}`);
  if (w.applicationId) q = q.where('w.application_id', '=', w.applicationId);
  const v = w.visibility;
  if (v && v.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, v));
  return q.execute();
}

/** Orders per UTC hour ('YYYY-MM-DDTHH', the same text on both dialects) of `col` in the window. */
function hourlyCounts(db: Db, companyId: CompanyId, col: 'created_at' | 'completed_at', w: Window) {
  let q = db
    .selectFrom('work_orders as w')
    .select((eb) => [sql<string>`substr(w.${sql.ref(col)}, 1, 13)`.as('hour'), eb.fn.countAll<number>().as('n')])
    .where('w.company_id', '=', companyId)
    .where('w.deleted_at', 'is', null)
    .where(`w.${col}`, '>=', w.start)
    .where(`w.${col}`, '<=', w.end)
    .groupBy(sql`substr(w.${sql.ref(col)}, 1, 13)`);
  if (w.applicationId) q = q.where('w.application_id', '=', w.applicationId);
  const v = w.visibility;
  if (v && v.kind !== 'company') q = q.where((eb) => visibleTo(eb, companyId, v));
  return q.execute();
}

/** Every application of the company (any status), by id. */
function applicationNames(db: Db, companyId: CompanyId) {
  return db.selectFrom('applications').select(['id', 'name']).where('company_id', '=', companyId).orderBy('id').execute();
}

function applicationName(db: Db, companyId: CompanyId, applicationId: ApplicationId) {
  return db.selectFrom('applications').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', applicationId).executeTakeFirst();
}

/** Names and departments of the given staff, by id. */
function staffRows(db: Db, companyId: CompanyId, ids: StaffId[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('staff as s')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .select(['s.id', 's.name', 'd.name as department_name'])
    .where('s.company_id', '=', companyId)
    .where('s.id', 'in', ids)
    .orderBy('s.id')
    .execute();
}

/** The statistics SQL bound to one company (reached through `forCompany`). */
export const statsRepo = companyRepo({ createdByGroup, completedByGroup, hourlyCounts, applicationNames, applicationName, staffRows });
