/**
 * Which grants a role may hold (docs/design.md, "Roles"): actions on active company menus
 * (not directories, not the platform's) that the menu offers. Pure: the service passes the
 * menus in.
 */
import type { DataScope, GrantedPermission, MenuId } from '@swo/contract';
import { platformMenuIds } from '../access/menu-tree.ts';
import { menuActions } from '../access/repo.ts';

export interface MenuFacts {
  id: MenuId;
  pid: MenuId | 0;
  key: string;
  actions: string;
  menu_type: number;
}

/** Why a grant is refused: the permission id is not grantable, or the menu does not offer the action. */
export type GrantProblem = { kind: 'unknownPermission'; permissionId: string } | { kind: 'actionNotOffered'; permissionId: string; action: string };

/** Menus a company role may be granted, by key: leaves outside the platform's tree, with the actions each offers. */
export function grantableMenus(menus: readonly MenuFacts[]): Map<string, { id: MenuId; actions: string[] }> {
  const platform = platformMenuIds(menus);
  const out = new Map<string, { id: MenuId; actions: string[] }>();
  for (const m of menus) if (m.menu_type !== 0 && !platform.has(m.id)) out.set(m.key, { id: m.id, actions: menuActions(m.actions) });
  return out;
}

/**
 * The grant rows of `permissions` (duplicates merged), or the first problem: an unknown or
 * platform permission id, or an action its menu does not offer.
 */
export function grantRows(
  menus: ReadonlyMap<string, { id: MenuId; actions: string[] }>,
  permissions: readonly GrantedPermission[],
): { rows: { menu_id: MenuId; action: string }[] } | { problem: GrantProblem } {
  const seen = new Set<string>();
  const rows: { menu_id: MenuId; action: string }[] = [];
  for (const p of permissions) {
    const menu = menus.get(p.permissionId);
    if (!menu) return { problem: { kind: 'unknownPermission', permissionId: p.permissionId } };
    for (const action of p.actions) {
      if (!menu.actions.includes(action)) return { problem: { kind: 'actionNotOffered', permissionId: p.permissionId, action } };
      const k = `${p.permissionId}.${action}`;
      if (seen.has(k)) continue;
      seen.add(k);
      rows.push({ menu_id: menu.id, action });
    }
  }
  return { rows };
}

/** Grants in `wanted` that `held` does not include (`permissionId.action`), for the no-escalation rule. */
export function beyond(held: readonly GrantedPermission[], wanted: readonly GrantedPermission[]): string[] {
  const have = new Set(held.flatMap((p) => p.actions.map((a) => `${p.permissionId}.${a}`)));
  return wanted.flatMap((p) => p.actions.map((a) => `${p.permissionId}.${a}`)).filter((k) => !have.has(k));
}

/** Data scopes in order of reach (docs/design.md, "Roles"): own < department < company. */
const SCOPE_REACH: Record<DataScope, number> = { own: 0, department: 1, company: 2 };

/** What a role gives: its grants and its data scope. */
export interface RoleRights {
  permissions: readonly GrantedPermission[];
  dataScope: DataScope;
}

/**
 * The no-escalation rule, whole (docs/design.md, "Roles"): what of `wanted` lies beyond
 * `held`, as `permissionId.action` keys and `data_scope=<scope>` when its scope reaches
 * further. Empty when the role is within what the holder has.
 */
export function rightsBeyond(held: RoleRights, wanted: RoleRights): string[] {
  const extra = beyond(held.permissions, wanted.permissions);
  return SCOPE_REACH[wanted.dataScope] > SCOPE_REACH[held.dataScope] ? [...extra, `data_scope=${wanted.dataScope}`] : extra;
}

/** What of `wanted` lies beyond the rights of `actor` (none for an administrator): `rightsBeyond` for a caller. */
export function beyondActor(actor: { isAdmin: boolean; permissions: readonly GrantedPermission[]; dataScope: DataScope }, wanted: RoleRights): string[] {
  return actor.isAdmin ? [] : rightsBeyond({ permissions: actor.permissions, dataScope: actor.dataScope }, wanted);
}

/** Grant rows (role, menu key, action) as `[{permissionId, actions}]`, in first-seen order. */
export function asPermissions(rows: readonly { key: string; action: string }[]): GrantedPermission[] {
  const out = new Map<string, string[]>();
  for (const r of rows) (out.get(r.key) ?? out.set(r.key, []).get(r.key)!).push(r.action);
  return [...out].map(([permissionId, actions]) => ({ permissionId, actions }));
}
