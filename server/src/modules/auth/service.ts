/**
 * Sign-in, sign-out, token authentication and password change (docs/product.md, sections
 * 3-5; docs/design.md, "HTTP contract" and "Security"). Tokens live 7 days (12 hours
 * without remember_me) and are revoked at logout and password change. Wrong passwords are
 * limited per (account, IP), per account and per IP (throttle.ts); past a limit, 429 with
 * the seconds to wait.
 */
import type { Kysely } from 'kysely';
import type { LoginBody, SignInReply } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { errors, AppError } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { dummyHash, hashPassword, sha256, verifyPassword } from '../../lib/crypto.ts';
import { EpochCache } from '../../lib/epoch-cache.ts';
import { readThrough } from '../../db/read-cache.ts';
import { isPostgres } from '../../db/types.ts';
import { now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import * as repo from './repo.ts';
import { checkOwnPassword } from './own-password.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { startSession, type ClientInfo } from './sign-in.ts';
import type { LoginThrottle } from './throttle.ts';

export function createAuthService(db: Kysely<DB>, throttle: LoginThrottle) {
  const sessions = new EpochCache<{ auth: AuthContext; expiresAt: string }>();
  const readStored = repo.authEpochReader(db);
  const assumable = isPostgres(db);
  // On SQLite the read is kept while the database is unchanged (db/read-cache.ts): nothing
  // else can have moved the epoch, and every signed-in call reads it. On PostgreSQL the
  // change stamp's own statement would be a round trip as dear as the read.
  const readEpoch = assumable ? readStored : () => readThrough(db, 'auth-epoch', readStored);
  /** The newest auth epoch this process has read (epochs only grow). */
  let known: number | undefined;
  return {
    /** The database's auth epoch: read once per request, it keys the caller caches (docs/design.md, "Caller cache"). */
    epoch: async (): Promise<number> => {
      const value = await readEpoch();
      known = known === undefined ? value : Math.max(known, value);
      return value;
    },

    /**
     * The newest epoch this process has read, without a read: what a request may assume when
     * its own reads confirm it (docs/design.md, "Assumed epoch"). Undefined before the first
     * read, and on SQLite, where a read is in process and saves no round trip.
     */
    knownEpoch: (): number | undefined => (assumable ? known : undefined),

    /**
     * Checks the credentials and opens a session, or a two-factor challenge (sign-in.ts);
     * throws 400 (same for unknown user and wrong password), 403 (disabled) or 429.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<SignInReply> {
      const at = now();
      const username = (body.username ?? '').trim();
      await throttle.check(db, username, client.ip, at);
      const user = await repo.findUserByUsername(db, username);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), body.password ?? '');
      if (!user || !ok) {
        await throttle.fail(db, username, client.ip, at);
        throw new AppError(400, 'badCredentials');
      }
      if (user.status !== 1) throw new AppError(403, 'accountDisabled');
      return db.transaction().execute(async (trx) => {
        await throttle.succeed(trx, username, client.ip, at);
        return startSession(trx, user, client, body.remember_me, 'password');
      });
    },

    /**
     * The user behind a live token, or null. With `epoch`, a session read under the same
     * epoch is taken from the cache (still checked against its expiry).
     */
    async authenticate(token: string, epoch?: number): Promise<AuthContext | null> {
      const hash = sha256(token);
      const at = now();
      const cached = epoch === undefined ? undefined : sessions.get(hash, epoch);
      if (cached && cached.expiresAt > at) return cached.auth;
      const s = await repo.findLiveSession(db, hash, at);
      if (!s) return null;
      const auth: AuthContext = Object.freeze({
        userId: s.user_id,
        username: s.username,
        nickname: s.nickname,
        sessionId: s.session_id,
        isPlatformAdmin: s.is_platform_admin === 1,
        mustChangePassword: s.must_change_password === 1,
        twoFactorEnrolOwed: Number(s.two_factor_enrol_owed) === 1,
      });
      if (epoch !== undefined) sessions.set(hash, epoch, { auth, expiresAt: s.expires_at });
      return auth;
    },

    async logout(auth: AuthContext, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.revokeSession(trx, auth.sessionId, now());
        await writeLog(trx, { company_id: null, user_id: auth.userId, username: auth.username, module: 'auth', action: 'logout', ip });
      });
    },

    /**
     * Changes the password after checking the old one, then revokes every token of the user.
     * A wrong old password counts like a failed sign-in (a stolen token must not become a
     * password oracle); 429 past the limit.
     */
    async changePassword(auth: AuthContext, oldPassword: string, newPassword: string, ip: string, lang: Lang): Promise<void> {
      const user = await checkOwnPassword(throttle, db, auth.userId, oldPassword, ip);
      if (!user) throw errors.validation({ oldpassword: [message(lang, 'wrongOldPassword')] });
      assertPasswordPolicy(newPassword, lang, [user.username, user.nickname, oldPassword]);
      const hashed = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        const at = now();
        await repo.setPasswordHash(trx, user.id, hashed, at);
        await repo.revokeUserSessions(trx, user.id, at);
        await writeLog(trx, { company_id: null, user_id: user.id, username: user.username, module: 'auth', action: 'change_password', ip });
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
