/** SQL of accounts, sessions and login throttling. Users are global; sessions are per user. */
import type { UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { authEpochColumn } from '../../db/auth-epoch.ts';
import { enrolOwedExpr } from './enrol-owed-repo.ts';

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Db, id: UserId) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSession(
  db: Db,
  s: { user_id: UserId; token_hash: string; ip: string; user_agent: string; created_at: string; expires_at: string },
): Promise<number> {
  const row = await db.insertInto('sessions').values(s).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The live session of a token hash with its user, or undefined (expired, revoked, disabled);
 * `two_factor_enrol_owed` (0/1) says whether the user must enrol two-factor first (enrol-owed-repo.ts).
 */
export function findLiveSession(db: Db, tokenHash: string, at: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'users.id as user_id',
      'users.username',
      'users.nickname',
      'users.is_platform_admin',
      'users.must_change_password',
    ])
    .select((eb) => enrolOwedExpr(eb).as('two_factor_enrol_owed'))
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', at)
    .where('users.status', '=', 1)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Db, userId: UserId, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * Sets the password. `mustChange` marks an administrator's (to be changed at next sign-in);
 * otherwise the owner chose it: the mark is cleared and the account is claimed from then on
 * (`claimed_at`, docs/decisions/0001-account-consent.md).
 */
export async function setPasswordHash(db: Db, userId: UserId, passwordHash: string, at: string, mustChange = false): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: mustChange ? 1 : 0,
      updated_at: at,
      ...(mustChange ? {} : { claimed_at: eb.fn.coalesce('claimed_at', eb.val(at)) }),
    }))
    .where('id', '=', userId)
    .execute();
}

/** Failures recorded under `key` since `since`, with the oldest one's time. */
export async function countFailures(db: Db, key: string, since: string): Promise<{ count: number; oldest: string | null }> {
  const r = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(r.count), oldest: r.oldest ?? null };
}

export async function addFailures(db: Db, keys: string[], at: string): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, created_at: at })))
    .execute();
}

export async function clearFailures(db: Db, key: string, before: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('key', '=', key), eb('created_at', '<', before)]))
    .execute();
}

/**
 * A reader of the auth epoch (docs/design.md, "Caller cache"), compiled once: it runs on
 * every signed-in request, so it skips building the query each time.
 */
export function authEpochReader(db: Db): () => Promise<number> {
  const query = db.selectNoFrom(authEpochColumn().as('value')).compile();
  return async () => Number((await db.executeQuery(query)).rows[0].value);
}

export async function touchSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

/** The user's sessions that are neither revoked nor expired, newest first. */
export function liveSessionsOf(db: Db, userId: UserId, at: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/**
 * Revokes one live session of the user (with `qrApprover`, only one that approved QR
 * sign-ins); false when there is no such session.
 */
export async function revokeOwnSession(db: Db, userId: UserId, sessionId: number, at: string, qrApprover = false): Promise<boolean> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at);
  if (qrApprover) q = q.where('qr_approvals', '>', 0);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Revokes every live session of the user but `keep`; returns how many. */
export async function revokeOtherSessions(db: Db, userId: UserId, keep: number, at: string): Promise<number> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '<>', keep)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
