/**
 * Invitations (docs/design.md, "Invitations"): sign-up is by invitation only. For a member
 * whose account was never claimed (no password ever chosen by its owner: a reset does not
 * count, docs/decisions/0001-account-consent.md)
 * and a phone or e-mail to reach them by, an administrator who may edit that member makes
 * a single-use link valid 7 days (a new link spends the old one). With it the person
 * chooses a username and a password (password policy) and is signed in, in that company,
 * through the one door (auth/sign-in.ts: an account with two-factor gets its challenge).
 */
import type { Kysely } from 'kysely';
import type { InvitationAccept, SignInReply, StaffId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { hashPassword, newToken, sha256 } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { addMs, DAY, now } from '../../lib/time.ts';
import { findUserById, findUserByUsername, revokeUserSessions, setPasswordHash } from '../auth/repo.ts';
import { startSession, type ClientInfo } from '../auth/sign-in.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { writeLog } from '../operation-log/repo.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { findOpenInvitation, spendInvitation } from './invitations-repo.ts';
import { updateAccount } from './repo.ts';
import { assertAssignable, assertOwnedAlone } from './rules.ts';

export const INVITATION_TTL_MS = 7 * DAY;

const gone = () => new AppError(410, 'invitationGone');

export function createInvitations(db: Kysely<DB>) {
  /** An invitation that can still be accepted, or 410. */
  async function open(token: string, at: string) {
    const inv = await findOpenInvitation(db, sha256(token), at);
    if (!inv || inv.user_status !== 1 || inv.staff_status !== 1 || inv.staff_deleted_at !== null || inv.company_status !== 1 || inv.claimed_at !== null) {
      throw gone();
    }
    return inv;
  }

  return {
    /**
     * A new link for member `id`. 404 for another company's member; 403 for a shared account
     * or a role the actor could not assign; 409 when the account is already its owner's
     * (password chosen) or has neither phone nor e-mail. Logged as `invite` (no token).
     */
    async invite(actor: Actor, id: StaffId): Promise<{ path: string; expires_at: string }> {
      const token = newToken();
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const target = await data.staff.findStaff(id);
        if (!target) throw errors.notFound();
        await assertOwnedAlone(data, target.user_id);
        await assertAssignable(data, actor, target.role_id);
        const account = await findUserById(trx, target.user_id);
        if (!account) throw errors.notFound();
        if (account.claimed_at !== null) throw new AppError(409, 'inviteAccountInUse');
        if (!account.phone && !account.email) throw new AppError(409, 'inviteNeedsContact');
        if (target.status !== 1 || account.status !== 1) throw errors.badRequest('staffNotActive');
        const at = now();
        const expires = addMs(at, INVITATION_TTL_MS);
        await data.invitations.revokeOpen(id, at);
        await data.invitations.insertInvitation({
          staff_id: id,
          user_id: target.user_id,
          token_hash: sha256(token),
          created_by: actor.userId,
          created_at: at,
          expires_at: expires,
        });
        await data.log.change(actor, { module: 'staff', action: 'invite', id, before: null, after: { username: target.username, expires_at: expires } });
        return { path: `/user/register?invitation=${token}`, expires_at: expires };
      });
    },

    /** What the invitation page shows: company, name, current username, expiry; 410 when spent or expired. */
    async describe(token: string) {
      const inv = await open(token, now());
      return { company_id: inv.company_id, company_name: inv.company_name, name: inv.staff_name, username: inv.username, expires_at: inv.expires_at };
    },

    /**
     * Accepts: the username (unless taken: 400 on that field) and the password (policy) become
     * the account's, other sessions end, and a session opens (or, with two-factor sign-in,
     * its challenge). 410 when spent or expired.
     */
    async accept(body: InvitationAccept, client: ClientInfo, lang: Lang): Promise<SignInReply & { company_id: number }> {
      const inv = await open(body.token, now());
      const username = body.username.trim();
      if (username.toLowerCase() !== inv.username.toLowerCase()) {
        const other = await findUserByUsername(db, username);
        if (other && other.id !== inv.user_id) throw errors.validation({ username: [message(lang, 'usernameTaken')] });
      }
      assertPasswordPolicy(body.password, lang, [username, inv.nickname, inv.staff_name]);
      const hashed = await hashPassword(body.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const at = now();
          if (!(await spendInvitation(trx, inv.id, at))) throw gone();
          await updateAccount(trx, inv.user_id, { username, updated_at: at });
          await setPasswordHash(trx, inv.user_id, hashed, at);
          await revokeUserSessions(trx, inv.user_id, at);
          await writeLog(trx, {
            company_id: inv.company_id,
            user_id: inv.user_id,
            username,
            module: 'auth',
            action: 'accept_invitation',
            ip: client.ip,
            detail: { previous_username: inv.username },
          });
          const user = { id: inv.user_id, username, nickname: inv.nickname, must_change_password: 0 };
          return { ...(await startSession(trx, user, client, true, 'invitation')), company_id: inv.company_id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.validation({ username: [message(lang, 'usernameTaken')] });
        throw err;
      }
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
