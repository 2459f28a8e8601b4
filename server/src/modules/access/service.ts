/**
 * Tenancy and permissions: which companies a user may act in, what their role there grants,
 * and the menu tree the SPA builds its routes from (docs/product.md, sections 2 and 6;
 * docs/design.md, tenancy and permissions).
 */
import type { Kysely } from 'kysely';
import { asDataScope, readUiSettings } from '@swo/contract';
import type { CompanyId, CompanyListItem, GrantedPermission, MenuId, MenuItem, RoleId, UserId, UserInfo } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { AuthContext, CompanyScope } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { EpochCache } from '../../lib/epoch-cache.ts';
import { findUserById } from '../auth/repo.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { nest, platformMenuIds, withAncestors } from './menu-tree.ts';
import { activeMenus, listCompaniesOfUser, menuActions } from './repo.ts';

export function createAccessService(db: Kysely<DB>) {
  const scopes = new EpochCache<CompanyScope>();

  /**
   * Menus and granted actions of a scope: a company administrator gets every company menu
   * with all its actions; the platform's menus go to platform administrators only, whatever
   * their role (docs/design.md, "Menus").
   */
  async function grantedMenus(companyId: CompanyId, roleId: RoleId, isAdmin: boolean, platformAdmin: boolean) {
    const menus = await activeMenus(db);
    const platform = platformMenuIds(menus);
    const granted = new Map<MenuId, string[]>();
    if (!isAdmin) {
      for (const g of await forCompany(db, companyId).access.roleGrants(roleId))
        if (!platform.has(g.menu_id)) (granted.get(g.menu_id) ?? granted.set(g.menu_id, []).get(g.menu_id)!).push(g.action);
    }
    for (const m of menus) if (platform.has(m.id) ? platformAdmin : isAdmin) granted.set(m.id, menuActions(m.actions));
    return { menus, granted };
  }

  return {
    /**
     * The user's active membership in `companyId` with its permissions, or null (not staff
     * there). With `epoch`, a scope read under the same epoch comes from the cache.
     */
    async scopeFor(userId: UserId, companyId: CompanyId, epoch?: number): Promise<CompanyScope | null> {
      const key = `${userId}:${companyId}`;
      const cached = epoch === undefined ? undefined : scopes.get(key, epoch);
      if (cached) return cached;
      const m = await forCompany(db, companyId).access.findMembership(userId);
      if (!m) return null;
      const roleActive = m.role_status === 1;
      const isAdmin = roleActive && m.is_admin === 1;
      const permissions: GrantedPermission[] = [];
      const bound = await forCompany(db, companyId).access.boundApplications(m.staff_id);
      if (roleActive) {
        const { menus, granted } = await grantedMenus(companyId, m.role_id, isAdmin, false);
        for (const menu of menus) {
          const actions = granted.get(menu.id);
          if (actions && menu.menu_type !== 0) permissions.push({ permissionId: menu.key, actions });
        }
      }
      // Frozen: one cached scope serves many requests.
      const scope: CompanyScope = Object.freeze({
        companyId: m.company_id,
        companyName: m.company_name,
        timeZone: m.time_zone,
        staffId: m.staff_id,
        staffName: m.staff_name,
        roleId: m.role_id,
        roleName: m.role_name,
        isAdmin,
        dataScope: isAdmin ? 'company' : asDataScope(m.data_scope),
        departmentId: m.department_id,
        permissions: Object.freeze(permissions.map((p) => Object.freeze({ ...p, actions: Object.freeze(p.actions) }))) as GrantedPermission[],
        boundApplications: new Set(bound),
        epoch,
      });
      if (epoch !== undefined) scopes.set(key, epoch, scope);
      return scope;
    },

    async companyList(userId: UserId): Promise<CompanyListItem[]> {
      return listCompaniesOfUser(db, userId);
    },

    /** `/user/info`: user, role with permissions and the role's menu tree in the scope's company; whether a two-factor enrolment is owed. */
    async userInfo(auth: AuthContext, scope: CompanyScope): Promise<UserInfo> {
      const user = await findUserById(db, auth.userId);
      if (!user) throw errors.notSignedIn();
      const { menus, granted } = await grantedMenus(scope.companyId, scope.roleId, scope.isAdmin, auth.isPlatformAdmin);
      const visible = withAncestors(menus, granted.keys());
      const items = menus
        .filter((m) => visible.has(m.id))
        .map(
          (m): MenuItem => ({
            id: m.id,
            url: m.url,
            key: m.key,
            name: m.name,
            icon: m.icon,
            url_name: m.url_name,
            pid: m.pid,
            actions: JSON.stringify(granted.get(m.id) ?? []),
            show: m.show,
            menuType: m.menu_type,
            redirect: m.redirect,
          }),
        );
      const roots = nest(items);
      return {
        user: {
          id: user.id,
          username: user.username,
          nickname: user.nickname,
          avatar: user.avatar,
          staff_id: scope.staffId,
          staff_name: scope.staffName,
        },
        company: { company_id: scope.companyId, company_name: scope.companyName },
        role: { id: scope.roleId, name: scope.roleName, is_admin: scope.isAdmin, data_scope: scope.dataScope, permissions: scope.permissions },
        menus: roots,
        ui_settings: readUiSettings(user.ui_settings),
        // The SPA reads it after a reload (the sign-in reply said it first).
        ...(auth.twoFactorEnrolOwed ? { two_factor_enrol_required: true } : {}),
      };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
