/** SQL of memberships, roles, role permissions and menus. */
import { MENU_CATALOGUE, type ApplicationId, type CompanyId, type MenuId, type RoleId, type StaffId, type UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** Active staff membership of a user in an active company, with the role. */
function findMembership(db: Db, companyId: CompanyId, userId: UserId) {
  return db
    .selectFrom('staff')
    .innerJoin('companies', 'companies.id', 'staff.company_id')
    .innerJoin('roles', 'roles.id', 'staff.role_id')
    .select([
      'staff.id as staff_id',
      'staff.name as staff_name',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.time_zone',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.is_admin',
      'roles.status as role_status',
      'roles.data_scope',
      'staff.department_id',
    ])
    .where('staff.user_id', '=', userId)
    .where('staff.company_id', '=', companyId)
    .where('staff.status', '=', 1)
    .where('companies.status', '=', 1)
    .executeTakeFirst();
}

/** Ids of the applications staff member `staffId` is bound to (may claim orders of). */
async function boundApplications(db: Db, companyId: CompanyId, staffId: StaffId): Promise<ApplicationId[]> {
  const rows = await db.selectFrom('application_staff').select('application_id').where('company_id', '=', companyId).where('staff_id', '=', staffId).execute();
  return rows.map((r) => r.application_id);
}

/** Companies where the user is active staff, by name. */
export function listCompaniesOfUser(db: Db, userId: UserId) {
  return db
    .selectFrom('staff')
    .innerJoin('companies', 'companies.id', 'staff.company_id')
    .select(['companies.id as company_id', 'companies.name as company_name'])
    .where('staff.user_id', '=', userId)
    .where('staff.status', '=', 1)
    .where('companies.status', '=', 1)
    .orderBy('companies.id')
    .execute();
}

/** The menus a role is granted, with the actions granted on each. */
function roleGrants(db: Db, companyId: CompanyId, roleId: RoleId) {
  return db
    .selectFrom('role_grants')
    .innerJoin('menus', 'menus.id', 'role_grants.menu_id')
    .select(['menus.id as menu_id', 'menus.key', 'role_grants.action'])
    .where('role_grants.company_id', '=', companyId)
    .where('role_grants.role_id', '=', roleId)
    .where('menus.status', '=', 1)
    .orderBy('role_grants.id')
    .execute();
}

/** The action keys a menu row offers (its `actions` JSON text); unreadable text offers none. */
export function menuActions(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function activeMenus(db: Db) {
  return db.selectFrom('menus').selectAll().where('status', '=', 1).orderBy('sort').orderBy('id').execute();
}

/**
 * Adds the catalogue's menus that the table lacks (by key), parents first. Existing rows
 * are left as administrators edited them.
 */
export async function syncMenuCatalogue(db: Db): Promise<void> {
  const existing = new Map<string, MenuId>((await db.selectFrom('menus').select(['id', 'key']).execute()).map((m) => [m.key, m.id]));
  for (const item of MENU_CATALOGUE) {
    if (existing.has(item.key)) continue;
    const pid = item.parentKey ? (existing.get(item.parentKey) ?? 0) : 0;
    const row = await db
      .insertInto('menus')
      .values({
        pid,
        key: item.key,
        name: item.name,
        url: item.url,
        icon: item.icon,
        url_name: item.url_name,
        redirect: '',
        actions: JSON.stringify(item.actions),
        show: item.menuType === 2 ? 0 : 1,
        menu_type: item.menuType,
        sort: item.sort,
        status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    existing.set(item.key, row.id);
  }
}

/** Membership and grants bound to one company (reached through `forCompany`). */
export const accessRepo = companyRepo({ findMembership, roleGrants, boundApplications });
