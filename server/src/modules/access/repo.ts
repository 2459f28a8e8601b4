/** SQL of memberships, roles, role permissions and menus. */
import { MENU_CATALOGUE } from '@swo/contract';
import type { Db } from '../../db/types.ts';

/** Active staff membership of a user in an active company, with the role. */
export function findMembership(db: Db, userId: number, companyId: number) {
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
    ])
    .where('staff.user_id', '=', userId)
    .where('staff.company_id', '=', companyId)
    .where('staff.status', '=', 1)
    .where('companies.status', '=', 1)
    .executeTakeFirst();
}

/** Companies where the user is active staff, by name. */
export function listCompaniesOfUser(db: Db, userId: number) {
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
export function roleGrants(db: Db, companyId: number, roleId: number) {
  return db
    .selectFrom('role_grants')
    .innerJoin('menus', 'menus.id', 'role_grants.menu_id')
    .select(['menus.id as menu_id', 'role_grants.action'])
    .where('role_grants.company_id', '=', companyId)
    .where('role_grants.role_id', '=', roleId)
    .where('menus.status', '=', 1)
    .orderBy('role_grants.id')
    .execute();
}

export function activeMenus(db: Db) {
  return db.selectFrom('menus').selectAll().where('status', '=', 1).orderBy('sort').orderBy('id').execute();
}

/**
 * Adds the catalogue's menus that the table lacks (by key), parents first. Existing rows
 * are left as administrators edited them.
 */
export async function syncMenuCatalogue(db: Db): Promise<void> {
  const existing = new Map((await db.selectFrom('menus').select(['id', 'key']).execute()).map((m) => [m.key, m.id]));
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
