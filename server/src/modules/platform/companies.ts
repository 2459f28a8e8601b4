/**
 * Companies, as the platform administrator runs them (docs/design.md, "Platform"): a new
 * company comes with its built-in administrator role and a first administrator (an
 * existing account linked with its password untouched, or a new account); renaming, the
 * time zone and requiring two-factor sign-in of its administrators are edits; a disabled
 * company leaves its staff's company lists, its calls answer "not a member" and its forms
 * 404, and accounts left without any active company are signed out. One log row per
 * change, in the company's own log.
 */
import type { Kysely } from 'kysely';
import { pageOf, type CompanyId, type CompanyItem } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { PlatformActor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { message } from '../../http/messages.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { findUserByUsername } from '../auth/repo.ts';
import { signOutIfInactive } from '../auth/sign-out.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { changeIn } from '../operation-log/repo.ts';
import { insertAccount } from '../staff/repo.ts';
import { forCompany } from '../tenancy/for-company.ts';
import * as repo from './repo.ts';

export interface NewCompany {
  name: string;
  time_zone: string;
  admin_username: string;
  admin_name: string;
  admin_password?: string;
}

async function load(db: Db, id: CompanyId): Promise<CompanyItem> {
  const c = await repo.findCompany(db, id);
  if (!c) throw errors.notFound();
  const { counts, admins } = await repo.companyFacts(db, [id]);
  return { ...c, require_admin_2fa: c.require_admin_2fa === 1, staff_count: counts.get(id) ?? 0, admins: admins.get(id) ?? [] };
}

/** Signs out the company's members who are active staff of no other company. */
async function signOutStranded(db: Db, companyId: CompanyId, at: string): Promise<void> {
  for (const userId of await repo.memberUserIds(db, companyId)) await signOutIfInactive(db, userId, at);
}

export function createCompanyService(db: Kysely<DB>) {
  const log = (
    trx: Db,
    actor: PlatformActor,
    action: 'add' | 'edit' | 'enable' | 'disable',
    id: CompanyId,
    before: object | null,
    after: object | null,
    extra = {},
  ) => changeIn(trx, id, actor, { module: 'company', action, id, before, after, extra });

  return {
    async list(f: repo.PageFilter) {
      const { rows, total } = await repo.listCompanies(db, f);
      const { counts, admins } = await repo.companyFacts(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => ({ ...r, require_admin_2fa: r.require_admin_2fa === 1, staff_count: counts.get(r.id) ?? 0, admins: admins.get(r.id) ?? [] })),
        total,
        f,
      );
    },

    /** Creates the company, its administrator role and first administrator; a generated password is returned once. */
    async add(actor: PlatformActor, b: NewCompany) {
      const known = await findUserByUsername(db, b.admin_username);
      if (!known && b.admin_password) assertPasswordPolicy(b.admin_password, actor.lang, [b.admin_username, b.admin_name], 'admin_password');
      const generated = !known && !b.admin_password ? generatePassword() : undefined;
      const hash = known ? null : await hashPassword(b.admin_password ?? generated!);
      try {
        return await db.transaction().execute(async (trx) => {
          const at = now();
          const id = await repo.insertCompany(trx, { name: b.name, time_zone: b.time_zone, created_at: at });
          const roleId = await repo.insertAdminRole(trx, id, message(actor.lang, 'adminRoleName'), at);
          const user = await findUserByUsername(trx, b.admin_username);
          if (!user && !hash) throw errors.field(actor.lang, 'admin_username', 'usernameTaken'); // removed meanwhile: ask again
          const userId = user?.id ?? (await insertAccount(trx, { username: b.admin_username, password_hash: hash!, nickname: b.admin_name }, at));
          await forCompany(trx, id).staff.insertStaff({
            user_id: userId,
            name: b.admin_name,
            job_number: '0001',
            department_id: null,
            position_id: null,
            role_id: roleId,
            status: 1,
            created_at: at,
            deleted_at: null,
          });
          await log(trx, actor, 'add', id, null, await load(trx, id), { admin_username: b.admin_username, linked_existing_account: !!user });
          return { id, admin_user_id: userId, linked_existing_account: !!user, ...(generated && !user ? { password: generated } : {}) };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.field(actor.lang, 'admin_username', 'usernameTaken');
        throw err;
      }
    },

    /**
     * Renames, changes the time zone, or sets `require_admin_2fa`: turned on, the company's
     * administrators without two-factor sign-in may only enrol from their next call on
     * (docs/design.md, "Two-factor required for administrators"). One log row.
     */
    async update(actor: PlatformActor, id: CompanyId, patch: { name?: string; time_zone?: string; require_admin_2fa?: number }): Promise<CompanyItem> {
      return db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        await repo.updateCompany(trx, id, patch);
        const after = await load(trx, id);
        await log(trx, actor, 'edit', id, before, after);
        return after;
      });
    },

    async setStatus(actor: PlatformActor, id: CompanyId, status: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        if (before.status === status) return;
        const at = now();
        await repo.updateCompany(trx, id, { status });
        if (status !== 1) await signOutStranded(trx, id, at);
        await log(trx, actor, status === 1 ? 'enable' : 'disable', id, before, await load(trx, id));
      });
    },
  };
}
