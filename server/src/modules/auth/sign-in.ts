/**
 * Where every sign-in ends (docs/design.md, "Security" and "Two-factor sign-in"): the one
 * door that issues sessions. After its first step (password, SMS code, QR approval,
 * invitation), `startSession`; after a second step, `openSessionAfterSecondStep`. No other
 * module inserts a session (test/session-doors.test.ts walks them). An account with two-factor sign-in gets a
 * challenge (5 minutes, single use, its token stored as SHA-256) instead of a session; any
 * other account gets its session. Sessions live 7 days (12 hours without remember-me).
 * An administrator who owes a two-factor enrolment gets a session that may only enrol
 * (`two_factor_enrol_required`, docs/design.md "Two-factor required for administrators").
 */
import type { LoginBody, LoginReply, SignInReply, UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { addMs, DAY, HOUR, MINUTE, now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import { isEnrolOwed } from './enrol-owed-repo.ts';
import * as repo from './repo.ts';
import * as totpRepo from './totp-repo.ts';

export const TOKEN_TTL_MS = 7 * DAY;
export const SHORT_TOKEN_TTL_MS = 12 * HOUR;
export const CHALLENGE_TTL_MS = 5 * MINUTE;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** An account about to be signed in (the fields a session needs). */
export interface SigningInUser {
  id: UserId;
  username: string;
  nickname: string;
  must_change_password: number;
}

export const rememberMe = (v: LoginBody['remember_me']) => !(v === false || v === 0 || v === '0');

/**
 * Opens a session inside the caller's transaction and logs the sign-in with its method
 * (`password`, `sms`, `qr`, `invitation`, with `+totp` or `+recovery` after a second step).
 */
async function openSession(trx: Db, user: SigningInUser, client: ClientInfo, remember: LoginBody['remember_me'], method: string): Promise<LoginReply> {
  const at = now();
  const token = newToken();
  await repo.insertSession(trx, {
    user_id: user.id,
    token_hash: sha256(token),
    ip: client.ip,
    user_agent: client.userAgent.slice(0, 255),
    created_at: at,
    expires_at: addMs(at, rememberMe(remember) ? TOKEN_TTL_MS : SHORT_TOKEN_TTL_MS),
  });
  await writeLog(trx, { company_id: null, user_id: user.id, username: user.username, module: 'auth', action: 'login', ip: client.ip, detail: { method } });
  // Said only when true, so replies of ordinary sign-ins keep their shape.
  return {
    token,
    account: user.username,
    nickname: user.nickname,
    ...(user.must_change_password === 1 ? { must_change_password: true } : {}),
    ...((await isEnrolOwed(trx, user.id)) ? { two_factor_enrol_required: true } : {}),
  };
}

/** A challenge the caller has just spent with a right TOTP or recovery code. */
export interface SpentChallenge {
  remember: number;
  method: string;
}

/**
 * The end of a second step (two-factor.ts only, inside the transaction that spent
 * `challenge`): the session the first step was promised. `second` says how it was answered.
 */
export function openSessionAfterSecondStep(trx: Db, user: SigningInUser, client: ClientInfo, challenge: SpentChallenge, second: 'totp' | 'recovery') {
  return openSession(trx, user, client, challenge.remember === 1, `${challenge.method}+${second}`);
}

/** The end of a first step: a session, or a challenge when the account has two-factor sign-in. */
export async function startSession(trx: Db, user: SigningInUser, client: ClientInfo, remember: LoginBody['remember_me'], method: string): Promise<SignInReply> {
  const totp = await totpRepo.findTotp(trx, user.id);
  if (!totp?.confirmed_at) return openSession(trx, user, client, remember, method);
  const challenge = newToken();
  const at = now();
  await totpRepo.insertChallenge(trx, {
    token_hash: sha256(challenge),
    user_id: user.id,
    method,
    remember: rememberMe(remember) ? 1 : 0,
    created_at: at,
    expires_at: addMs(at, CHALLENGE_TTL_MS),
  });
  return { two_factor_required: true, challenge, expires_in: CHALLENGE_TTL_MS / 1000 };
}
