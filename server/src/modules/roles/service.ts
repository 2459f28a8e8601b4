/**
 * Roles (docs/design.md, "Roles"): a company's roles with their grants and data scope.
 * Rules: grants only on menus that offer the action (400 on `permissions`), never on
 * platform menus; a non-administrator grants only what they hold (403); the
 * administrator role is read-only (403); a role held by staff is not deleted (409 naming
 * the count); names are unique per company (400 on `name`). Changes apply at once (the
 * guard reads grants per request). Each change: one transaction with its log row.
 */
import type { Kysely } from 'kysely';
import { pageOf, type GrantedPermission, type Paged, type RoleId, type RoleItem } from '@swo/contract';
import { asDataScope, can, type DataScope } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { activeMenus } from '../access/repo.ts';
import { num } from '../../db/values.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { asPermissions, beyondActor, grantableMenus, grantRows, type RoleRights } from './grants.ts';
import type { RoleRow, RoleValues } from './repo.ts';

export interface RoleInput {
  name?: string;
  description?: string;
  status?: number;
  data_scope?: DataScope;
  permissions?: GrantedPermission[];
}

function present(r: RoleRow, permissions: GrantedPermission[]): RoleItem {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    is_admin: r.is_admin === 1,
    status: r.status,
    data_scope: asDataScope(r.data_scope),
    member_count: num(r.member_count),
    permissions,
    created_at: r.created_at,
  };
}

export function createRoleService(db: Kysely<DB>) {
  async function load(data: CompanyData, id: RoleId): Promise<RoleItem> {
    const row = await data.roles.findRole(id);
    if (!row) throw errors.notFound();
    return present(row, asPermissions(await data.roles.grantsOf([id])));
  }

  /**
   * 403 `grantBeyondOwn` unless a role of `rights` lies within what `actor` holds, grants
   * and data scope (administrators hold everything).
   */
  function assertWithinActor(actor: Actor, rights: RoleRights) {
    const extra = beyondActor(actor, rights);
    if (extra.length) throw new AppError(403, 'grantBeyondOwn', null, 403, { grants: extra.join(', ') });
  }

  /** The grant rows of `permissions`, checked against the menus. */
  async function checkedGrants(actor: Actor, permissions: GrantedPermission[]) {
    const result = grantRows(grantableMenus(await activeMenus(db)), permissions);
    if ('problem' in result) {
      const p = result.problem;
      throw p.kind === 'unknownPermission'
        ? errors.field(actor.lang, 'permissions', 'permissionUnknown', { permission: p.permissionId })
        : errors.field(actor.lang, 'permissions', 'actionNotOffered', { permission: p.permissionId, action: p.action });
    }
    return result.rows;
  }

  const write = (
    data: CompanyData,
    actor: Actor,
    action: 'add' | 'edit' | 'delete' | 'enable' | 'disable',
    id: RoleId,
    before: RoleItem | null,
    after: RoleItem | null,
  ) => data.log.change(actor, { module: 'role', action, id, before, after });

  return {
    async list(actor: Actor, q: { keyword?: string; pageNo: number; pageSize: number }): Promise<Paged<RoleItem>> {
      const data = forCompany(db, actor.companyId);
      const { rows, total } = await data.roles.listRoles(q);
      const grants = await data.roles.grantsOf(rows.map((r) => r.id));
      return pageOf(
        rows.map((r) => present(r, asPermissions(grants.filter((g) => g.role_id === r.id)))),
        total,
        q,
      );
    },

    /** A new role; 403 when its grants or data scope reach beyond the actor's own. */
    async add(actor: Actor, v: Required<RoleInput>): Promise<{ id: RoleId }> {
      const rows = await checkedGrants(actor, v.permissions);
      assertWithinActor(actor, { permissions: v.permissions, dataScope: v.data_scope });
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        if (await data.roles.nameTaken(v.name)) throw errors.field(actor.lang, 'name', 'roleNameTaken');
        const id = await data.roles.insertRole({ name: v.name, description: v.description, status: v.status, data_scope: v.data_scope }, now());
        await data.roles.replaceGrants(id, rows);
        await write(data, actor, 'add', id, null, await load(data, id));
        return { id };
      });
    },

    /**
     * Changes a role; fields left out stay. 403 for the administrator role, for a role whose
     * grants or scope (before or after) reach beyond the actor's own, and for disabling one's
     * own role.
     */
    async update(actor: Actor, id: RoleId, v: RoleInput): Promise<RoleItem> {
      const rows = v.permissions ? await checkedGrants(actor, v.permissions) : undefined;
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const before = await load(data, id);
        if (before.is_admin) throw new AppError(403, 'adminRoleReadOnly');
        // Neither a role stronger than one's own is touched, nor any role made stronger.
        assertWithinActor(actor, { permissions: before.permissions, dataScope: before.data_scope });
        assertWithinActor(actor, { permissions: v.permissions ?? before.permissions, dataScope: v.data_scope ?? before.data_scope });
        const statusChange = v.status !== undefined && v.status !== before.status ? (v.status === 1 ? 'enable' : 'disable') : null;
        // An edit that also flips the status needs that action too (the guard checked `edit` only).
        if (statusChange && !actor.isAdmin && !can(actor.permissions, `role.${statusChange}`)) throw errors.forbidden();
        // Disabling one's own role would take one's own rights: not on oneself, like one's own status.
        if (statusChange === 'disable' && id === actor.roleId) throw errors.forbidden('notOnSelf');
        if (v.name !== undefined && (await data.roles.nameTaken(v.name, id))) throw errors.field(actor.lang, 'name', 'roleNameTaken');
        const patch: Partial<RoleValues> = {};
        if (v.name !== undefined) patch.name = v.name;
        if (v.description !== undefined) patch.description = v.description;
        if (v.status !== undefined) patch.status = v.status;
        if (v.data_scope !== undefined) patch.data_scope = v.data_scope;
        await data.roles.updateRole(id, patch);
        if (rows) await data.roles.replaceGrants(id, rows);
        const after = await load(data, id);
        const onlyStatus = Object.keys(v).every((k) => k === 'status');
        await write(data, actor, onlyStatus && statusChange ? statusChange : 'edit', id, before, after);
        return after;
      });
    },

    async remove(actor: Actor, id: RoleId): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const before = await load(data, id);
        if (before.is_admin) throw new AppError(403, 'adminRoleReadOnly');
        if (before.member_count > 0) throw errors.conflict('roleInUse', { count: before.member_count });
        await data.roles.deleteRole(id);
        await write(data, actor, 'delete', id, before, null);
      });
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
