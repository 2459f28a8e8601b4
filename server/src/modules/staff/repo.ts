/**
 * SQL of staff (members of a company) and of the accounts they sign in with. Tenant
 * functions are bound with `companyRepo` (reached as `forCompany(db, id).staff`); the
 * account functions at the end are global, as accounts are (docs/design.md, "Staff").
 */
import type { ApplicationId, CompanyId, DepartmentId, PositionId, RoleId, StaffId, UserId } from '@swo/contract';
import type { Insertable, Updateable } from 'kysely';
import type { StaffTable, UsersTable } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** Members with account, department, position and role, not removed. */
function members(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('positions as p', 'p.id', 's.position_id')
    .where('s.company_id', '=', companyId)
    .where('s.deleted_at', 'is', null);
}

const ROW = [
  's.id',
  's.name',
  'u.username',
  'u.nickname',
  'u.phone',
  'u.email',
  's.job_number',
  's.department_id',
  'd.name as department_name',
  's.position_id',
  'p.name as position_name',
  's.role_id',
  'r.name as role_name',
  's.status',
  's.created_at',
] as const;

export interface StaffFilter {
  departmentIds?: DepartmentId[];
  position_id?: PositionId;
  role_id?: RoleId;
  status?: number;
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/** A page of members by id, and how many match (the count uses the same filters). */
async function listStaff(db: Db, companyId: CompanyId, f: StaffFilter) {
  let q = members(db, companyId);
  if (f.departmentIds) q = q.where('s.department_id', 'in', f.departmentIds);
  if (f.position_id) q = q.where('s.position_id', '=', f.position_id);
  if (f.role_id) q = q.where('s.role_id', '=', f.role_id);
  if (f.status !== undefined) q = q.where('s.status', '=', f.status);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([contains('s.name', kw), contains('u.username', kw), contains('s.job_number', kw)]));
  }
  const rows = await q
    .select(ROW)
    .orderBy('s.id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** One member (not removed) with its account and whether its role is the administrator role. */
function findStaff(db: Db, companyId: CompanyId, id: StaffId) {
  return members(db, companyId)
    .select([...ROW, 's.user_id', 'r.is_admin', 'r.status as role_status'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Up to 20 active members by name or job number, for pickers. */
function searchStaff(db: Db, companyId: CompanyId, keyword: string | undefined) {
  let q = members(db, companyId).select(['s.id', 's.name', 's.job_number', 'd.name as department_name']).where('s.status', '=', 1);
  if (keyword) q = q.where((eb) => eb.or([contains('s.name', keyword), contains('s.job_number', keyword)]));
  return q.orderBy('s.id').limit(20).execute();
}

/** The row of `userId` in the company, removed or not. */
function findByUser(db: Db, companyId: CompanyId, userId: UserId) {
  return db.selectFrom('staff').select(['id', 'status', 'deleted_at']).where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether another row of the company (removed ones too: the unique key keeps them) has the job number. */
async function jobNumberTaken(db: Db, companyId: CompanyId, jobNumber: string, exceptId?: StaffId): Promise<boolean> {
  let q = db.selectFrom('staff').select('id').where('company_id', '=', companyId).where('job_number', '=', jobNumber);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

async function insertStaff(db: Db, companyId: CompanyId, v: Omit<Insertable<StaffTable>, 'company_id'>): Promise<StaffId> {
  const row = await db
    .insertInto('staff')
    .values({ ...v, company_id: companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateStaff(db: Db, companyId: CompanyId, id: StaffId, patch: Updateable<StaffTable>): Promise<void> {
  if (!Object.keys(patch).length) return;
  await db.updateTable('staff').set(patch).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * Who else owns the account besides this company: `platform` for a platform
 * administrator, `company` when it is (not removed) staff of another company, else null
 * (docs/decisions/0001-account-consent.md).
 */
async function otherOwner(db: Db, companyId: CompanyId, userId: UserId): Promise<'platform' | 'company' | null> {
  const r = await db
    .selectFrom('users')
    .select((eb) => [
      'users.is_platform_admin',
      eb
        .exists(
          eb
            .selectFrom('staff')
            .select('staff.id')
            .whereRef('staff.user_id', '=', 'users.id')
            .where('staff.company_id', '<>', companyId)
            .where('staff.deleted_at', 'is', null),
        )
        .as('elsewhere'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!r || r.is_platform_admin === 1) return 'platform';
  return Number(r.elsewhere) ? 'company' : null;
}

/** Active members holding an active administrator role, leaving `exceptId` out. */
async function activeAdminsExcept(db: Db, companyId: CompanyId, exceptId: StaffId): Promise<number> {
  const r = await members(db, companyId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.status', '=', 1)
    .where('r.is_admin', '=', 1)
    .where('r.status', '=', 1)
    .where('u.status', '=', 1)
    .where('s.id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Orders in processing that the member handles. */
async function processingCount(db: Db, companyId: CompanyId, staffId: StaffId): Promise<number> {
  const r = await db
    .selectFrom('work_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('handler_id', '=', staffId)
    .where('status', '=', 'processing')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The company's applications, each with whether the member is bound to it. */
async function applicationsOf(db: Db, companyId: CompanyId, staffId: StaffId) {
  const rows = await db
    .selectFrom('applications as a')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.status',
      eb
        .selectFrom('application_staff as b')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('b.application_id', '=', 'a.id')
        .where('b.company_id', '=', companyId)
        .where('b.staff_id', '=', staffId)
        .as('bound'),
    ])
    .where('a.company_id', '=', companyId)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, bound: Number(r.bound) > 0 }));
}

/** Replaces the member's bindings with `ids` (already checked to be the company's). */
async function setBindings(db: Db, companyId: CompanyId, staffId: StaffId, ids: ApplicationId[]): Promise<void> {
  await db.deleteFrom('application_staff').where('company_id', '=', companyId).where('staff_id', '=', staffId).execute();
  if (ids.length)
    await db
      .insertInto('application_staff')
      .values(ids.map((application_id) => ({ company_id: companyId, application_id, staff_id: staffId })))
      .execute();
}

/** Staff of one company (reached through `forCompany`). */
export const staffRepo = companyRepo({
  listStaff,
  findStaff,
  searchStaff,
  findByUser,
  jobNumberTaken,
  insertStaff,
  updateStaff,
  otherOwner,
  activeAdminsExcept,
  processingCount,
  applicationsOf,
  setBindings,
});

// --- accounts (global) -------------------------------------------------------------------

/** What an administrator gives a new account; the rest is the same for every one. */
export interface NewAccount {
  username: string;
  password_hash: string;
  nickname: string;
  phone?: string;
  email?: string;
  is_platform_admin?: number;
}

/**
 * Creates an account someone else set up (staff add, platform account, a company's first
 * administrator): active, and its password, chosen by that someone, must be changed by its
 * owner at the first sign-in (docs/design.md, "Staff").
 */
export async function insertAccount(db: Db, v: NewAccount, at: string): Promise<UserId> {
  const row = await db
    .insertInto('users')
    .values({
      username: v.username,
      password_hash: v.password_hash,
      nickname: v.nickname,
      phone: v.phone ?? '',
      email: v.email ?? '',
      is_platform_admin: v.is_platform_admin ?? 0,
      avatar: '',
      status: 1,
      must_change_password: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(db: Db, userId: UserId, patch: Pick<Updateable<UsersTable>, 'username' | 'nickname' | 'phone' | 'email' | 'updated_at'>) {
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}
