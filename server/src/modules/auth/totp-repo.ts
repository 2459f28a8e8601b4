/** SQL of two-factor sign-in: TOTP secrets, recovery codes and sign-in challenges (docs/design.md, "Two-factor sign-in"). */
import type { UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';

export function findTotp(db: Db, userId: UserId) {
  return db.selectFrom('user_totp').select(['secret', 'confirmed_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) an enrolment: a new secret, not yet confirmed. */
export async function putPendingTotp(db: Db, userId: UserId, secret: string, at: string): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.insertInto('user_totp').values({ user_id: userId, secret, confirmed_at: null, created_at: at }).execute();
}

export async function confirmTotp(db: Db, userId: UserId, step: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('user_totp')
    .set({ confirmed_at: at, last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes a code's time step; false when that step (or a later one) was used already (no replay). */
export async function takeStep(db: Db, userId: UserId, step: number): Promise<boolean> {
  const r = await db.updateTable('user_totp').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Db, userId: UserId): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: UserId, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function countRecoveryCodes(db: Db, userId: UserId): Promise<number> {
  const r = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Spends an unused recovery code of the user; false when there is none with that hash. */
export async function spendRecoveryCode(db: Db, userId: UserId, hash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Db,
  c: { token_hash: string; user_id: UserId; method: string; remember: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('two_factor_challenges').values(c).execute();
}

/** A live challenge (unused, unexpired) by its token's hash, with its account. */
export function findLiveChallenge(db: Db, tokenHash: string, at: string) {
  return db
    .selectFrom('two_factor_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.method', 'c.remember', 'c.attempts', 'u.username', 'u.nickname', 'u.status', 'u.must_change_password'])
    .where('c.token_hash', '=', tokenHash)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', at)
    .executeTakeFirst();
}

/** Counts one wrong code; the challenge is spent at `max`. Conditional on the count read. */
export async function addChallengeTry(db: Db, id: number, attemptsRead: number, max: number, at: string): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set({ attempts: attemptsRead + 1, used_at: attemptsRead + 1 >= max ? at : null })
    .where('id', '=', id)
    .where('attempts', '=', attemptsRead)
    .where('used_at', 'is', null)
    .execute();
}

export async function spendChallenge(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('two_factor_challenges').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function purgeChallenges(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('two_factor_challenges').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
