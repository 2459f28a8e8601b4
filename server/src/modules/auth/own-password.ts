/**
 * Checking a signed-in person's own password (docs/design.md, "Security"): before a password
 * change, turning two-factor sign-in off, … A wrong one counts like a failed sign-in, so a
 * stolen token does not become a password oracle; past the lockout, 429.
 */
import type { UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import * as repo from './repo.ts';
import type { LoginThrottle } from './throttle.ts';

/** The account when `password` is its own, or null (the failure counted). 401 for an account gone, 429 past the lockout. */
export async function checkOwnPassword(throttle: LoginThrottle, db: Db, userId: UserId, password: string, ip: string) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw errors.notSignedIn();
  await throttle.check(db, user.username, ip, now());
  if (await verifyPassword(user.password_hash, password)) return user;
  await throttle.fail(db, user.username, ip, now());
  return null;
}
