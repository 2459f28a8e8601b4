/** SQL of the staff-side reads beyond the list: assignable staff, my orders, order kinds. */
import { sql } from 'kysely';
import { OPEN_STATUSES, type ApplicationId, type CompanyId, type DepartmentId, type StaffId, type TemplateId, type WorkOrderStatus } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { openCount, orderRepo, roleMayClaim } from './repo.ts';

/** `departmentId` and every department below it. */
async function departmentAndDescendants(db: Db, companyId: CompanyId, departmentId: DepartmentId): Promise<DepartmentId[]> {
  const all = await db.selectFrom('departments').select(['id', 'parent_id']).where('company_id', '=', companyId).execute();
  const out = new Set<DepartmentId | 0>([departmentId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of all) {
      if (out.has(d.parent_id) && !out.has(d.id)) {
        out.add(d.id);
        grew = true;
      }
    }
  }
  return [...out].filter((d): d is DepartmentId => d !== 0);
}

/** Applications bound to active staff of the given departments (a `department` data scope). */
async function applicationsOfDepartments(db: Db, companyId: CompanyId, departmentIds: DepartmentId[]): Promise<ApplicationId[]> {
  if (!departmentIds.length) return [];
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select('b.application_id')
    .distinct()
    .where('b.company_id', '=', companyId)
    .where('s.department_id', 'in', departmentIds)
    .where('s.status', '=', 1)
    .execute();
  return rows.map((r) => r.application_id);
}

/** How many applications the company has, disabled ones too (every order belongs to one of them). */
async function applicationCount(db: Db, companyId: CompanyId): Promise<number> {
  const r = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Active staff whose role may handle orders (administrator or granted `renling`), with their load. */
function assignableStaff(db: Db, companyId: CompanyId, q: { application_id?: ApplicationId; departmentIds?: DepartmentId[]; keyword?: string }) {
  let query = db
    .selectFrom('staff as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('positions as p', 'p.id', 's.position_id')
    .select((eb) => [
      's.id',
      's.name',
      's.job_number',
      's.department_id',
      'd.name as department_name',
      'p.name as position_name',
      'r.name as role_name',
      openCount(eb, companyId).as('open_count'),
      q.application_id
        ? eb
            .selectFrom('application_staff as b')
            .select(eb.fn.countAll<number>().as('n'))
            .where('b.application_id', '=', q.application_id)
            .whereRef('b.staff_id', '=', 's.id')
            .as('bound')
        : sql<number>`1`.as('bound'),
    ])
    .where('s.company_id', '=', companyId)
    .where('s.status', '=', 1)
    .where('r.status', '=', 1)
    // Platform administrators run the platform, they do not handle a company's orders.
    .where('u.status', '=', 1)
    .where('u.is_platform_admin', '=', 0)
    .where((eb) => roleMayClaim(eb));
  if (q.departmentIds) query = query.where('s.department_id', 'in', q.departmentIds);
  if (q.keyword) query = query.where((eb) => eb.or([contains('s.name', q.keyword!), eb('s.job_number', '=', q.keyword!)]));
  return query.orderBy('s.id').execute();
}

/** Orders I handle, I created, or I reviewed (an examine record of mine), newest first. */
async function myOrders(
  db: Db,
  companyId: CompanyId,
  staffId: StaffId,
  q: { type: 'handling' | 'created' | 'reviewed'; status?: WorkOrderStatus; pageNo: number; pageSize: number },
) {
  // "To handle" means still open unless a status is asked for.
  const orders = orderRepo(db, companyId);
  if (q.type === 'handling') return orders.listOrders({ ...q, handler_id: staffId, statuses: OPEN_STATUSES }, { exactCount: true });
  if (q.type === 'created') return orders.listOrders({ ...q }, { exactCount: true, creatorStaffId: staffId });
  return orders.listOrders({ ...q }, { exactCount: true, reviewedBy: staffId });
}

/** Templates used by the company's applications, for filters. */
function orderKinds(db: Db, companyId: CompanyId) {
  return db.selectFrom('templates as t').select(['t.id', 't.name']).where('t.company_id', '=', companyId).where('t.status', '=', 1).orderBy('t.id').execute();
}

function templateOf(db: Db, companyId: CompanyId, templateId: TemplateId) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'version', 'schema', 'is_automatic', 'needs_review'])
    .where('company_id', '=', companyId)
    .where('id', '=', templateId)
    .executeTakeFirst();
}

/** Templates of the company's applications (one application's when given), with their schema. */
function templatesInUse(db: Db, companyId: CompanyId, applicationId?: ApplicationId) {
  let q = db
    .selectFrom('templates as t')
    .innerJoin('applications as a', 'a.template_id', 't.id')
    .select(['t.id', 't.schema'])
    .distinct()
    .where('t.company_id', '=', companyId);
  if (applicationId) q = q.where('a.id', '=', applicationId);
  return q.orderBy('t.id').execute();
}

/** The staff-side reads bound to one company (reached through `forCompany`). */
export const readRepo = companyRepo({
  departmentAndDescendants,
  applicationsOfDepartments,
  applicationCount,
  assignableStaff,
  myOrders,
  orderKinds,
  templateOf,
  templatesInUse,
});
