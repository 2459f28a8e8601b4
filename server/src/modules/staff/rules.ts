/**
 * The rules of who may do what to whom among staff (docs/design.md, "Staff"): no
 * escalation through roles, nothing on oneself, accounts managed only by the company that owns them alone, and
 * a company never left without an active administrator.
 */
import { asDataScope, type RoleId } from '@swo/contract';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { asPermissions, beyondActor } from '../roles/grants.ts';
import type { CompanyData } from '../tenancy/for-company.ts';

/**
 * The role `roleId` if `actor` may hand it out: 404 when it is not a role of the company;
 * 403 when it is the administrator role and the actor is no administrator, or when it
 * grants anything, or reaches data, the actor's own role does not (`rightsBeyond`).
 */
export async function assertAssignable(data: CompanyData, actor: Actor, roleId: RoleId) {
  const role = await data.roles.findRole(roleId);
  if (!role) throw errors.notFound();
  if (actor.isAdmin) return role;
  if (role.is_admin === 1) throw errors.forbidden('roleNotAssignable');
  const rights = { permissions: asPermissions(await data.access.roleGrants(roleId)), dataScope: asDataScope(role.data_scope) };
  if (beyondActor(actor, rights).length) throw errors.forbidden('roleNotAssignable');
  return role;
}

/**
 * Only an account this company owns alone is managed from it (docs/decisions/0001-account-consent.md):
 * its password reset, invitation and account fields. 403 `platformAccount` for a platform
 * administrator's account, `sharedAccount` for one that is staff of another company too.
 */
export async function assertOwnedAlone(data: CompanyData, userId: Parameters<CompanyData['staff']['otherOwner']>[0]): Promise<void> {
  const other = await data.staff.otherOwner(userId);
  if (other) throw errors.forbidden(other === 'platform' ? 'platformAccount' : 'sharedAccount');
}

/** What matters of a member for the last-administrator rule. */
interface AdminState {
  id: Parameters<CompanyData['staff']['activeAdminsExcept']>[0];
  status: number;
  is_admin: number;
  role_status: number;
}

/**
 * 409 when `target` is the company's last active administrator and the change (`after`:
 * still active? still an administrator?) would leave none.
 */
export async function assertAdminRemains(data: CompanyData, target: AdminState, after: { active: boolean; admin: boolean }): Promise<void> {
  const isActiveAdmin = target.status === 1 && target.is_admin === 1 && target.role_status === 1;
  if (!isActiveAdmin || (after.active && after.admin)) return;
  if ((await data.staff.activeAdminsExcept(target.id)) === 0) throw errors.conflict('lastAdmin');
}
