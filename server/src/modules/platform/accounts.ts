/**
 * Accounts, as the platform administrator runs them (docs/design.md, "Platform"): every
 * sign-in identity with its companies. Rules: usernames are unique (400); a password set
 * here follows the policy and must be changed at the next sign-in; disabling an account or
 * setting its password signs it out at once; nobody disables their own account, resets
 * their own password here or drops their own platform flag (403); an account that is a
 * company's last active administrator is not disabled (409). One log row per change
 * (company null).
 */
import type { Kysely } from 'kysely';
import { pageOf, type AccountItem, type UserId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { PlatformActor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { findUserByUsername, revokeUserSessions, setPasswordHash } from '../auth/repo.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { changeIn } from '../operation-log/repo.ts';
import { insertAccount } from '../staff/repo.ts';
import { assertAdminRemains } from '../staff/rules.ts';
import { forCompany } from '../tenancy/for-company.ts';
import * as repo from './repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
type Membership = Awaited<ReturnType<typeof repo.membershipsOf>>[number];

function present(r: Row, memberships: readonly Membership[]): AccountItem {
  return {
    ...r,
    is_platform_admin: r.is_platform_admin === 1,
    must_change_password: r.must_change_password === 1,
    companies: memberships
      .filter((m) => m.user_id === r.id)
      .map((m) => ({ company_id: m.company_id, company_name: m.company_name, staff_name: m.staff_name, role_name: m.role_name, status: m.status })),
  };
}

async function load(db: Db, id: UserId): Promise<AccountItem> {
  const row = await repo.findAccount(db, id);
  if (!row) throw errors.notFound();
  return present(row, await repo.membershipsOf(db, [id]));
}

/** 409 when the account is the last active administrator of any company it belongs to. */
async function assertNoLastAdmin(db: Db, id: UserId): Promise<void> {
  for (const m of await repo.membershipsOf(db, [id])) {
    await assertAdminRemains(
      forCompany(db, m.company_id),
      { id: m.staff_id, status: m.status, is_admin: m.is_admin, role_status: m.role_status },
      { active: false, admin: false },
    );
  }
}

export interface NewAccount {
  username: string;
  password?: string;
  nickname: string;
  phone: string;
  email: string;
  is_platform_admin: number;
}

export function createAccountService(db: Kysely<DB>) {
  const log = (
    trx: Db,
    actor: PlatformActor,
    action: 'add' | 'edit' | 'enable' | 'disable' | 'reset_password',
    id: UserId,
    before: object | null,
    after: object | null,
  ) => changeIn(trx, null, actor, { module: 'account', action, id, before, after });

  return {
    async list(f: repo.PageFilter) {
      const { rows, total } = await repo.listAccounts(db, f);
      const memberships = await repo.membershipsOf(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => present(r, memberships)),
        total,
        f,
      );
    },

    /** A new account; the generated password (when none was sent) is returned once. */
    async add(actor: PlatformActor, b: NewAccount): Promise<{ id: UserId; password?: string }> {
      if (b.password) assertPasswordPolicy(b.password, actor.lang, [b.username, b.nickname]);
      const generated = b.password ? undefined : generatePassword();
      const hash = await hashPassword(b.password ?? generated!);
      const taken = () => errors.field(actor.lang, 'username', 'usernameTaken');
      try {
        return await db.transaction().execute(async (trx) => {
          if (await findUserByUsername(trx, b.username)) throw taken();
          const at = now();
          const id = await insertAccount(
            trx,
            {
              username: b.username,
              password_hash: hash,
              nickname: b.nickname || b.username,
              phone: b.phone,
              email: b.email,
              is_platform_admin: b.is_platform_admin,
            },
            at,
          );
          await log(trx, actor, 'add', id, null, await load(trx, id));
          return { id, ...(generated ? { password: generated } : {}) };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
    },

    async update(
      actor: PlatformActor,
      id: UserId,
      patch: { nickname?: string; phone?: string; email?: string; is_platform_admin?: number },
    ): Promise<AccountItem> {
      if (id === actor.userId && patch.is_platform_admin === 0) throw errors.forbidden('notOnSelf');
      return db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        await repo.updateUser(trx, id, { ...patch, updated_at: now() });
        const after = await load(trx, id);
        await log(trx, actor, 'edit', id, before, after);
        return after;
      });
    },

    /** Enables or disables; a disabled account is signed out everywhere at once and cannot sign in. */
    async setStatus(actor: PlatformActor, id: UserId, status: number): Promise<void> {
      if (id === actor.userId) throw errors.forbidden('accountSelf');
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        if (before.status === status) return;
        if (status !== 1) await assertNoLastAdmin(trx, id);
        const at = now();
        await repo.updateUser(trx, id, { status, updated_at: at });
        if (status !== 1) await revokeUserSessions(trx, id, at);
        await log(trx, actor, status === 1 ? 'enable' : 'disable', id, before, await load(trx, id));
      });
    },

    /** Sets a new password (generated when none is sent, returned once), to be changed at the next sign-in; signs the account out. */
    async setPassword(actor: PlatformActor, id: UserId, password?: string): Promise<{ password?: string }> {
      if (id === actor.userId) throw errors.forbidden('accountSelf');
      const generated = password ? undefined : generatePassword();
      const account = await load(db, id);
      if (password) assertPasswordPolicy(password, actor.lang, [account.username, account.nickname]);
      // Hashing takes tens of milliseconds: done before the transaction opens.
      const hash = await hashPassword(password ?? generated!);
      return db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        const at = now();
        await setPasswordHash(trx, id, hash, at, true);
        await revokeUserSessions(trx, id, at);
        await log(
          trx,
          actor,
          'reset_password',
          id,
          { username: before.username, must_change_password: before.must_change_password },
          { username: before.username, must_change_password: true },
        );
        return generated ? { password: generated } : {};
      });
    },
  };
}
