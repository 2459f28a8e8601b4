/**
 * SQL of the platform's views: accounts with their memberships, companies with their
 * counts. These read across companies by design (the platform administrator's calls);
 * writes into one company go through `forCompany`.
 */
import type { CompanyId, UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';

export interface PageFilter {
  keyword?: string;
  status?: number;
  pageNo: number;
  pageSize: number;
}

/** A page of accounts, newest first, and the total matching. */
export async function listAccounts(db: Db, f: PageFilter) {
  let q = db.selectFrom('users');
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([contains('username', kw), contains('nickname', kw), contains('phone', kw), contains('email', kw)]));
  }
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const rows = await q
    .select(['id', 'username', 'nickname', 'phone', 'email', 'status', 'is_platform_admin', 'must_change_password', 'created_at'])
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export function findAccount(db: Db, id: UserId) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'phone', 'email', 'status', 'is_platform_admin', 'must_change_password', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Memberships (not removed) of the accounts, with company, role and whether the member is an active administrator. */
export function membershipsOf(db: Db, userIds: readonly UserId[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .selectFrom('staff as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .select([
      's.user_id',
      's.id as staff_id',
      'c.id as company_id',
      'c.name as company_name',
      's.name as staff_name',
      'r.name as role_name',
      's.status',
      'r.is_admin',
      'r.status as role_status',
    ])
    .where('s.user_id', 'in', userIds)
    .where('s.deleted_at', 'is', null)
    .orderBy('c.id')
    .execute();
}

export async function updateUser(
  db: Db,
  id: UserId,
  patch: Partial<{ nickname: string; phone: string; email: string; is_platform_admin: number; status: number; updated_at: string }>,
): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

const COMPANY_COLUMNS = ['id', 'name', 'status', 'time_zone', 'require_admin_2fa', 'created_at'] as const;

/** A page of companies, by id, and the total matching. */
export async function listCompanies(db: Db, f: PageFilter) {
  let q = db.selectFrom('companies');
  if (f.keyword) q = q.where(contains('name', f.keyword));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const rows = await q
    .select(COMPANY_COLUMNS)
    .orderBy('id')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export function findCompany(db: Db, id: CompanyId) {
  return db.selectFrom('companies').select(COMPANY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Active staff counts and active administrators' names of the companies. */
export async function companyFacts(db: Db, ids: readonly CompanyId[]) {
  if (!ids.length) return { counts: new Map<number, number>(), admins: new Map<number, string[]>() };
  const rows = await db
    .selectFrom('staff as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .select(['s.company_id', 's.name', 'r.is_admin', 'r.status as role_status'])
    .where('s.company_id', 'in', ids)
    .where('s.deleted_at', 'is', null)
    .where('s.status', '=', 1)
    .orderBy('s.id')
    .execute();
  const counts = new Map<number, number>();
  const admins = new Map<number, string[]>();
  for (const r of rows) {
    counts.set(r.company_id, (counts.get(r.company_id) ?? 0) + 1);
    if (r.is_admin === 1 && r.role_status === 1) (admins.get(r.company_id) ?? admins.set(r.company_id, []).get(r.company_id)!).push(r.name);
  }
  return { counts, admins };
}

export async function insertCompany(db: Db, v: { name: string; time_zone: string; created_at: string }): Promise<CompanyId> {
  const r = await db
    .insertInto('companies')
    .values({ ...v, status: 1, order_seq: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCompany(
  db: Db,
  id: CompanyId,
  patch: Partial<{ name: string; time_zone: string; status: number; require_admin_2fa: number }>,
): Promise<void> {
  await db.updateTable('companies').set(patch).where('id', '=', id).execute();
}

/** The built-in administrator role of a new company (all rights, read-only). */
export async function insertAdminRole(db: Db, companyId: CompanyId, name: string, at: string) {
  const r = await db
    .insertInto('roles')
    .values({ company_id: companyId, name, description: '', is_admin: 1, data_scope: 'company', status: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Accounts with a present membership in the company (active or not). */
export async function memberUserIds(db: Db, companyId: CompanyId): Promise<UserId[]> {
  const rows = await db.selectFrom('staff').select('user_id').distinct().where('company_id', '=', companyId).where('deleted_at', 'is', null).execute();
  return rows.map((r) => r.user_id);
}
