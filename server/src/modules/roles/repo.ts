/** SQL of roles and their grants (one row per role × menu × action). Reached through `forCompany(db, companyId).roles`. */
import type { CompanyId, MenuId, RoleId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

export interface RoleValues {
  name: string;
  description: string;
  status: number;
  data_scope: string;
}

function selectRoles(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.name',
      'r.description',
      'r.is_admin',
      'r.status',
      'r.data_scope',
      'r.created_at',
      eb
        .selectFrom('staff as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.role_id', '=', 'r.id')
        .where('s.company_id', '=', companyId)
        .where('s.deleted_at', 'is', null)
        .as('member_count'),
    ])
    .where('r.company_id', '=', companyId);
}

/** A page of the company's roles (administrator role first), with member counts; `keyword` matches the name. */
async function listRoles(db: Db, companyId: CompanyId, q: { keyword?: string; pageNo: number; pageSize: number }) {
  let query = selectRoles(db, companyId);
  if (q.keyword) query = query.where(contains('r.name', q.keyword));
  const rows = await query
    .orderBy('r.is_admin', 'desc')
    .orderBy('r.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  let count = db
    .selectFrom('roles as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.company_id', '=', companyId);
  if (q.keyword) count = count.where(contains('r.name', q.keyword));
  return { rows, total: Number((await count.executeTakeFirstOrThrow()).n) };
}

function findRole(db: Db, companyId: CompanyId, id: RoleId) {
  return selectRoles(db, companyId).where('r.id', '=', id).executeTakeFirst();
}

/** The grants of the given roles as (role, menu key, action) rows. */
function grantsOf(db: Db, companyId: CompanyId, roleIds: RoleId[]) {
  if (!roleIds.length) return Promise.resolve([]);
  return db
    .selectFrom('role_grants as g')
    .innerJoin('menus as m', 'm.id', 'g.menu_id')
    .select(['g.role_id', 'm.key', 'g.action'])
    .where('g.company_id', '=', companyId)
    .where('g.role_id', 'in', roleIds)
    .orderBy('g.id')
    .execute();
}

async function nameTaken(db: Db, companyId: CompanyId, name: string, exceptId?: RoleId): Promise<boolean> {
  let q = db.selectFrom('roles').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

async function insertRole(db: Db, companyId: CompanyId, v: RoleValues, at: string): Promise<RoleId> {
  const row = await db
    .insertInto('roles')
    .values({ ...v, company_id: companyId, is_admin: 0, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateRole(db: Db, companyId: CompanyId, id: RoleId, v: Partial<RoleValues>): Promise<void> {
  if (!Object.keys(v).length) return;
  await db.updateTable('roles').set(v).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Replaces every grant of the role with `grants`. */
async function replaceGrants(db: Db, companyId: CompanyId, roleId: RoleId, grants: { menu_id: MenuId; action: string }[]): Promise<void> {
  await db.deleteFrom('role_grants').where('company_id', '=', companyId).where('role_id', '=', roleId).execute();
  if (grants.length) {
    await db
      .insertInto('role_grants')
      .values(grants.map((g) => ({ ...g, company_id: companyId, role_id: roleId })))
      .execute();
  }
}

async function deleteRole(db: Db, companyId: CompanyId, id: RoleId): Promise<void> {
  await db.deleteFrom('role_grants').where('company_id', '=', companyId).where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The role functions bound to one company (reached through `forCompany`). */
export const roleRepo = companyRepo({ listRoles, findRole, grantsOf, nameTaken, insertRole, updateRole, replaceGrants, deleteRole });
export type RoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof roleRepo>['findRole']>>>;
