/**
 * The rules of who may do what to whom among staff (docs/design.md, "Staff"): no
 * escalation through roles, nothing on oneself, shared accounts left to their owner, and
 * a company never left without an active administrator.
 */
import type { RoleId } from '@swo/contract';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { asPermissions, beyond } from '../roles/grants.ts';
import type { CompanyData } from '../tenancy/for-company.ts';

/**
 * The role `roleId` if `actor` may hand it out: 404 when it is not a role of the company;
 * 403 when it is the administrator role and the actor is no administrator, or when it
 * grants anything the actor's own role does not (the no-escalation rule of roles/grants.ts).
 */
export async function assertAssignable(data: CompanyData, actor: Actor, roleId: RoleId) {
  const role = await data.roles.findRole(roleId);
  if (!role) throw errors.notFound();
  if (actor.isAdmin) return role;
  if (role.is_admin === 1) throw errors.forbidden('roleNotAssignable');
  if (beyond(actor.permissions, asPermissions(await data.access.roleGrants(roleId))).length) throw errors.forbidden('roleNotAssignable');
  return role;
}

/**
 * An account that is staff of another company too is its owner's: no company's
 * administrator resets its password or changes its account fields (403).
 */
export async function assertNotShared(data: CompanyData, userId: Parameters<CompanyData['staff']['otherCompanies']>[0]): Promise<void> {
  if ((await data.staff.otherCompanies(userId)) > 0) throw errors.forbidden('sharedAccount');
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
