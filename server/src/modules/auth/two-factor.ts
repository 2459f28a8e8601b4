/**
 * Two-factor sign-in with TOTP (docs/design.md, "Two-factor sign-in"), by `otpauth`: RFC 6238,
 * SHA-1, 6 digits, 30 s, one step of drift either way, and a code's step used once. Enrolment
 * shows a secret (QR code of its otpauth URI) that is confirmed with a code; confirming
 * turns the second step on and gives 10 recovery codes, shown once and kept as SHA-256.
 * At sign-in a challenge is answered with a code or a recovery code: 5 wrong answers spend
 * it and every wrong answer counts toward the sign-in lockout (throttle.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { LoginReply, TwoFactorVerifyBody } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { sha256 } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import { checkOwnPassword } from './own-password.ts';
import { openSessionAfterSecondStep, type ClientInfo } from './sign-in.ts';
import type { LoginThrottle } from './throttle.ts';
import * as totpRepo from './totp-repo.ts';

export const ISSUER = 'Smart Work Order';
export const RECOVERY_CODE_COUNT = 10;
export const MAX_CHALLENGE_TRIES = 5;
const PERIOD_S = 30;

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
/** Recovery codes as people copy them: `xxxxx-xxxxx`, lowercase letters and digits. */
const newRecoveryCode = () => {
  const s = randomBytes(10)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  return `${s.slice(0, 5)}-${s.slice(5, 10)}`;
};
const normCode = (c: string) => c.trim().toLowerCase().replace(/\s+/g, '');

/** The time step a right code belongs to, or null for a wrong one. */
function stepOf(secret: string, label: string, code: string): number | null {
  const delta = totpOf(secret, label).validate({ token: code.replace(/\s+/g, ''), window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 1000 / PERIOD_S) + delta;
}

export function createTwoFactor(db: Kysely<DB>, throttle: LoginThrottle) {
  return {
    async status(auth: AuthContext) {
      const totp = await totpRepo.findTotp(db, auth.userId);
      return { enabled: !!totp?.confirmed_at, recovery_codes_left: totp?.confirmed_at ? await totpRepo.countRecoveryCodes(db, auth.userId) : 0 };
    },

    /** A new secret to enrol (replacing an unconfirmed one); 409 while two-factor is on. */
    async begin(auth: AuthContext) {
      const existing = await totpRepo.findTotp(db, auth.userId);
      if (existing?.confirmed_at) throw new AppError(409, 'twoFactorAlreadyOn');
      const secret = new Secret({ size: 20 }).base32;
      await totpRepo.putPendingTotp(db, auth.userId, secret, now());
      return { secret, uri: totpOf(secret, auth.username).toString() };
    },

    /** Confirms the enrolment with a code; returns the 10 recovery codes (shown once). 400 for a wrong code. */
    async confirm(auth: AuthContext, code: string, ip: string, lang: Lang) {
      const pending = await totpRepo.findTotp(db, auth.userId);
      if (!pending || pending.confirmed_at) throw new AppError(409, pending ? 'twoFactorAlreadyOn' : 'twoFactorNotStarted');
      const step = stepOf(pending.secret, auth.username, code);
      if (step === null) throw errors.validation({ code: [message(lang, 'twoFactorWrong')] });
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction().execute(async (trx) => {
        if (!(await totpRepo.confirmTotp(trx, auth.userId, step, now()))) throw new AppError(409, 'twoFactorAlreadyOn');
        await totpRepo.replaceRecoveryCodes(trx, auth.userId, codes.map(sha256));
        await writeLog(trx, { company_id: null, user_id: auth.userId, username: auth.username, module: 'auth', action: 'enable_2fa', ip });
      });
      return { recovery_codes: codes };
    },

    /** Turns two-factor sign-in off after the password; 400 on a wrong password. */
    async disable(auth: AuthContext, password: string, ip: string, lang: Lang) {
      if (!(await checkOwnPassword(throttle, db, auth.userId, password, ip))) throw errors.validation({ password: [message(lang, 'wrongPassword')] });
      await db.transaction().execute(async (trx) => {
        await totpRepo.deleteTwoFactor(trx, auth.userId);
        await writeLog(trx, { company_id: null, user_id: auth.userId, username: auth.username, module: 'auth', action: 'disable_2fa', ip });
      });
    },

    /**
     * Answers a sign-in challenge with a TOTP code or a recovery code and opens the session.
     * 400 `twoFactorWrong` (the 5th wrong answer spends the challenge), 410 for a spent or
     * expired challenge, 429 past the sign-in lockout, 403 for a disabled account.
     */
    async verify(body: TwoFactorVerifyBody, client: ClientInfo): Promise<LoginReply> {
      const at = now();
      const ch = await totpRepo.findLiveChallenge(db, sha256(body.challenge), at);
      if (!ch) throw new AppError(410, 'twoFactorChallengeGone');
      await throttle.check(db, ch.username, client.ip, at);
      if (ch.status !== 1) throw new AppError(403, 'accountDisabled');
      const totp = await totpRepo.findTotp(db, ch.user_id);
      const recovery = body.recovery_code ? sha256(normCode(body.recovery_code)) : null;
      const step = !recovery && totp?.confirmed_at && body.code ? stepOf(totp.secret, ch.username, body.code) : null;
      const wrong = async () => {
        await totpRepo.addChallengeTry(db, ch.id, ch.attempts, MAX_CHALLENGE_TRIES, at);
        await throttle.fail(db, ch.username, client.ip, at);
        return new AppError(400, 'twoFactorWrong');
      };
      if (!recovery && step === null) throw await wrong();
      const result = await db.transaction().execute(async (trx) => {
        if (recovery ? !(await totpRepo.spendRecoveryCode(trx, ch.user_id, recovery, at)) : !(await totpRepo.takeStep(trx, ch.user_id, step!))) return null;
        if (!(await totpRepo.spendChallenge(trx, ch.id, at))) throw new AppError(410, 'twoFactorChallengeGone');
        const user = { id: ch.user_id, username: ch.username, nickname: ch.nickname, must_change_password: ch.must_change_password };
        return openSessionAfterSecondStep(trx, user, client, ch, recovery ? 'recovery' : 'totp');
      });
      if (!result) throw await wrong();
      return result;
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
