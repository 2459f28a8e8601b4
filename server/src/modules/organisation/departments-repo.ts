/**
 * SQL of departments (docs/design.md, "Organisation"): a tree per company (`parent_id` 0 is
 * a root), with the leader's name and how many staff (not removed) each holds directly.
 * Tenant functions are bound with `companyRepo` and reached through `forCompany(…).departments`.
 */
import type { CompanyId, DepartmentId, StaffId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** What a department add or edit writes. */
export interface DepartmentValues {
  parent_id: DepartmentId | 0;
  name: string;
  leader_staff_id: StaffId | null;
  sort: number;
  status: number;
}

/** Departments with the leader's name and the staff (not removed) directly in each. */
function withCounts(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('departments as d')
    .leftJoin('staff as l', (j) => j.onRef('l.id', '=', 'd.leader_staff_id').onRef('l.company_id', '=', 'd.company_id'))
    .select((eb) => [
      'd.id',
      'd.parent_id',
      'd.name',
      'd.leader_staff_id',
      'l.name as leader_name',
      'd.sort',
      'd.status',
      'd.created_at',
      eb
        .selectFrom('staff as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.department_id', '=', 'd.id')
        .where('s.company_id', '=', companyId)
        .where('s.deleted_at', 'is', null)
        .as('staff_count'),
    ])
    .where('d.company_id', '=', companyId);
}

/** Every department of the company (flat), filtered by name (contains) and status, in tree order keys (sort, id). */
function listDepartments(db: Db, companyId: CompanyId, f: { keyword?: string; status?: number }) {
  let q = withCounts(db, companyId);
  if (f.keyword) q = q.where(contains('d.name', f.keyword));
  if (f.status !== undefined) q = q.where('d.status', '=', f.status);
  return q.orderBy('d.sort').orderBy('d.id').execute();
}

/** One department with its counts, or undefined. */
function findDepartment(db: Db, companyId: CompanyId, id: DepartmentId) {
  return withCounts(db, companyId).where('d.id', '=', id).executeTakeFirst();
}

/** `id` and `parent_id` of every department: enough to walk the tree in memory. */
function links(db: Db, companyId: CompanyId) {
  return db.selectFrom('departments').select(['id', 'parent_id']).where('company_id', '=', companyId).execute();
}

/** Whether a sibling under `parentId` (other than `exceptId`) already has `name`. */
async function siblingNameTaken(db: Db, companyId: CompanyId, parentId: DepartmentId | 0, name: string, exceptId?: DepartmentId): Promise<boolean> {
  let q = db.selectFrom('departments').select('id').where('company_id', '=', companyId).where('parent_id', '=', parentId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Whether `staffId` is active staff of the company (enabled, not removed). */
async function isActiveStaff(db: Db, companyId: CompanyId, staffId: StaffId): Promise<boolean> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', staffId)
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}

async function insertDepartment(db: Db, companyId: CompanyId, v: DepartmentValues, at: string): Promise<DepartmentId> {
  const row = await db
    .insertInto('departments')
    .values({ company_id: companyId, ...v, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateDepartment(db: Db, companyId: CompanyId, id: DepartmentId, v: Partial<DepartmentValues>): Promise<void> {
  await db.updateTable('departments').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Child departments and staff (not removed) directly in `id`: what blocks its deletion. */
async function blockers(db: Db, companyId: CompanyId, id: DepartmentId): Promise<{ children: number; staff: number }> {
  const children = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  const staff = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('department_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { children: Number(children.n), staff: Number(staff.n) };
}

/**
 * Deletes the department. Removed staff still pointing at it (rows kept for history) lose
 * the link first, since the foreign key would refuse the delete otherwise.
 */
async function deleteDepartment(db: Db, companyId: CompanyId, id: DepartmentId): Promise<void> {
  await db
    .updateTable('staff')
    .set({ department_id: null })
    .where('company_id', '=', companyId)
    .where('department_id', '=', id)
    .where('deleted_at', 'is not', null)
    .execute();
  await db.deleteFrom('departments').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The department functions bound to one company (reached through `forCompany`). */
export const departmentRepo = companyRepo({
  listDepartments,
  findDepartment,
  links,
  siblingNameTaken,
  isActiveStaff,
  insertDepartment,
  updateDepartment,
  blockers,
  deleteDepartment,
});
