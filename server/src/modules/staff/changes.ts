/**
 * Changing staff (docs/design.md, "Staff"): add (new account or a linked existing one),
 * update (membership and account fields; `{id, status}` alone enables or disables),
 * password reset, application bindings and removal. Each change runs in one transaction
 * and writes exactly one operation-log row (module `staff`); a refused one writes none.
 * A member who is no longer active in any company is signed out at once.
 */
import type { Kysely, Transaction } from 'kysely';
import { can, type ApplicationId, type DepartmentId, type PositionId, type RoleId, type StaffId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { message } from '../../http/messages.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { findUserByUsername, revokeUserSessions, setPasswordHash } from '../auth/repo.ts';
import { signOutIfInactive } from '../auth/sign-out.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import type { AdminAction } from '../operation-log/repo.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { insertAccount, updateAccount } from './repo.ts';
import { assertAdminRemains, assertAssignable, assertOwnedAlone } from './rules.ts';

export interface StaffFields {
  name?: string;
  job_number?: string;
  department_id?: DepartmentId | null;
  position_id?: PositionId | null;
  role_id?: RoleId;
  status?: number;
  username?: string;
  nickname?: string;
  phone?: string;
  email?: string;
}
export type AddStaff = StaffFields & { name: string; job_number: string; role_id: RoleId; status: number; username: string; password?: string };
export type UpdateStaff = StaffFields & { id: StaffId };

const ACCOUNT_FIELDS = ['username', 'nickname', 'phone', 'email'] as const;

/** The member as the log and the reply show it (no account secrets). */
async function present(data: CompanyData, id: StaffId) {
  const s = await data.staff.findStaff(id);
  if (!s) throw errors.notFound();
  const { user_id: _u, is_admin: _a, role_status: _r, ...row } = s;
  return row;
}

export function createStaffChanges(db: Kysely<DB>) {
  const log = (data: CompanyData, actor: Actor, action: AdminAction, id: StaffId, before: object | null, after: object | null, extra = {}) =>
    data.log.change(actor, { module: 'staff', action, id, before, after, extra });

  return {
    /**
     * Adds a member. A new username gets a new account (with the password given, or a
     * generated one returned once); an existing one is linked as it is (password
     * untouched), or its removed membership revived. 400 on a job number or a username
     * already staff here; 404 for ids of another company; 403 for a role not assignable.
     */
    async add(actor: Actor, b: AddStaff) {
      const known = await findUserByUsername(db, b.username);
      const generated = !known && !b.password ? generatePassword() : undefined;
      if (!known && b.password) assertPasswordPolicy(b.password, actor.lang, [b.username, b.nickname ?? '', b.name]);
      const hash = known ? null : await hashPassword(b.password ?? generated!);
      // A concurrent add of the same new username or job number passes the checks below and
      // is refused by a unique index: the same 400 the checks give.
      return db
        .transaction()
        .execute(addIn)
        .catch((err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
          const which = /job_number/.test(`${String((err as Error).message)} ${String((err as { constraint?: string }).constraint ?? '')}`)
            ? 'job_number'
            : 'username';
          throw errors.validation({ [which]: [message(actor.lang, which === 'job_number' ? 'jobNumberTaken' : 'usernameTaken')] });
        });
      async function addIn(trx: Transaction<DB>) {
        const data = forCompany(trx, actor.companyId);
        await data.references.requireOwned({ department: b.department_id, position: b.position_id, role: b.role_id });
        await assertAssignable(data, actor, b.role_id);
        const at = now();
        const user = await findUserByUsername(trx, b.username);
        const existing = user ? await data.staff.findByUser(user.id) : undefined;
        if (existing && !existing.deleted_at) throw errors.validation({ username: [message(actor.lang, 'usernameAlreadyStaff')] });
        if (await data.staff.jobNumberTaken(b.job_number, existing?.id)) throw errors.validation({ job_number: [message(actor.lang, 'jobNumberTaken')] });
        const userId =
          user?.id ??
          (await insertAccount(
            trx,
            {
              username: b.username,
              // Raced with another add of the same new username: the unique key refuses the second.
              password_hash: hash ?? (await hashPassword(generatePassword())),
              nickname: b.nickname || b.name,
              phone: b.phone,
              email: b.email,
            },
            at,
          ));
        const membership = {
          name: b.name,
          job_number: b.job_number,
          department_id: b.department_id ?? null,
          position_id: b.position_id ?? null,
          role_id: b.role_id,
          status: b.status,
        };
        let id: StaffId;
        if (existing) {
          id = existing.id;
          await data.staff.updateStaff(id, { ...membership, deleted_at: null, created_at: at });
        } else {
          id = await data.staff.insertStaff({ ...membership, user_id: userId, created_at: at, deleted_at: null });
        }
        await log(data, actor, 'add', id, null, await present(data, id), { linked_existing_account: !!user });
        return { id, user_id: userId, linked_existing_account: !!user, ...(generated && !user ? { password: generated } : {}) };
      }
    },

    /**
     * Changes a member; fields left out stay. Refused: 404 (ids of another company), 403
     * (own role or status; a role not assignable; account fields of a shared account or of
     * a member whose role the actor could not assign; a status change without the
     * enable/disable action), 409 (last active administrator), 400 (job number, username).
     */
    async update(actor: Actor, b: UpdateStaff) {
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const target = await data.staff.findStaff(b.id);
        if (!target) throw errors.notFound();
        await data.references.requireOwned({ department: b.department_id, position: b.position_id, role: b.role_id });
        const statusChanges = b.status !== undefined && b.status !== target.status;
        const roleChanges = b.role_id !== undefined && b.role_id !== target.role_id;
        const onlyStatus = Object.keys(b).every((k) => k === 'id' || k === 'status' || k === 'company_id');
        if (target.id === actor.staffId && (statusChanges || roleChanges)) throw errors.forbidden('notOnSelf');
        // An edit that also flips the status needs the status action as well (the guard checked `edit`).
        if (statusChanges && !onlyStatus && !actor.isAdmin && !can(actor.permissions, b.status === 1 ? 'staff.enable' : 'staff.disable'))
          throw errors.forbidden();
        const newRole = roleChanges ? await assertAssignable(data, actor, b.role_id!) : undefined;
        const account = Object.fromEntries(ACCOUNT_FIELDS.filter((k) => b[k] !== undefined && b[k] !== target[k]).map((k) => [k, b[k]!]));
        if (Object.keys(account).length) {
          await assertOwnedAlone(data, target.user_id);
          // Taking over the account of someone with more rights is escalation too.
          await assertAssignable(data, actor, target.role_id);
          if (account.username) {
            const other = await findUserByUsername(trx, account.username);
            if (other && other.id !== target.user_id) throw errors.validation({ username: [message(actor.lang, 'usernameTaken')] });
          }
        }
        await assertAdminRemains(data, target, {
          active: (b.status ?? target.status) === 1,
          admin: newRole ? newRole.is_admin === 1 && newRole.status === 1 : target.is_admin === 1 && target.role_status === 1,
        });
        if (b.job_number !== undefined && b.job_number !== target.job_number && (await data.staff.jobNumberTaken(b.job_number, b.id)))
          throw errors.validation({ job_number: [message(actor.lang, 'jobNumberTaken')] });

        const at = now();
        const before = await present(data, b.id);
        const patch = Object.fromEntries(
          (['name', 'job_number', 'department_id', 'position_id', 'role_id', 'status'] as const).filter((k) => b[k] !== undefined).map((k) => [k, b[k]]),
        );
        await data.staff.updateStaff(b.id, patch);
        if (Object.keys(account).length) await updateAccount(trx, target.user_id, { ...account, updated_at: at });
        if (statusChanges && b.status !== 1) await signOutIfInactive(trx, target.user_id, at);
        const after = await present(data, b.id);
        const action: AdminAction = onlyStatus && b.status !== undefined ? (b.status === 1 ? 'enable' : 'disable') : 'edit';
        await log(data, actor, action, b.id, before, after);
        return after;
      });
    },

    /**
     * Gives the member's account a random password, returned once, to be changed at the
     * next sign-in; every session of the account ends. 403 for a shared account or a
     * member whose role the actor could not assign.
     */
    async resetPassword(actor: Actor, id: StaffId) {
      const password = generatePassword();
      const hash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const target = await data.staff.findStaff(id);
        if (!target) throw errors.notFound();
        await assertOwnedAlone(data, target.user_id);
        await assertAssignable(data, actor, target.role_id);
        const at = now();
        await setPasswordHash(trx, target.user_id, hash, at, true);
        await revokeUserSessions(trx, target.user_id, at);
        await log(
          data,
          actor,
          'reset_password',
          id,
          { username: target.username, must_change_password: false },
          { username: target.username, must_change_password: true },
        );
        return { password };
      });
    },

    /**
     * Replaces the member's application bindings. 404 when the member or any application
     * is not the company's (checked in one query); 400 when binding a member not active.
     */
    async setApplications(actor: Actor, staffId: StaffId, ids: ApplicationId[]) {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const target = await data.staff.findStaff(staffId);
        if (!target) throw errors.notFound();
        await data.references.requireOwned({ application: unique });
        if (unique.length && target.status !== 1) throw errors.badRequest('staffNotActive');
        const bound = (await data.staff.applicationsOf(staffId)).filter((a) => a.bound).map((a) => a.id);
        await data.staff.setBindings(staffId, unique);
        await log(data, actor, 'bind', staffId, { application_ids: bound }, { application_ids: [...unique].sort((x, y) => x - y) });
        return data.staff.applicationsOf(staffId);
      });
    },

    /**
     * Removes a member: status 0 and `deleted_at`, bindings dropped, the row kept for the
     * history that names it. 403 on oneself; 409 for the last active administrator or
     * while orders in processing are theirs (the count is in the message).
     */
    async remove(actor: Actor, id: StaffId) {
      await db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const target = await data.staff.findStaff(id);
        if (!target) throw errors.notFound();
        if (target.id === actor.staffId) throw errors.forbidden('notOnSelf');
        await assertAdminRemains(data, target, { active: false, admin: false });
        const open = await data.staff.processingCount(id);
        if (open > 0) throw errors.conflict('staffHasOrders', { count: open });
        const before = await present(data, id);
        const at = now();
        await data.staff.updateStaff(id, { status: 0, deleted_at: at });
        await data.staff.setBindings(id, []);
        await signOutIfInactive(trx, target.user_id, at);
        await log(data, actor, 'delete', id, before, null);
      });
    },
  };
}
export type StaffChanges = ReturnType<typeof createStaffChanges>;
