/**
 * Password-guessing limits, kept in `login_failures` so every process sees them. A wrong
 * password (at sign-in or as the old password of a change) counts against three keys:
 * - the (account, IP) pair: 10 in 15 minutes locks that pair only, so a stranger's
 *   guesses cannot lock the owner out from elsewhere;
 * - the account: 100 in an hour locks it everywhere (a distributed attack);
 * - the IP: 50 in 15 minutes, whatever the accounts (spraying one password over many).
 */
import { errors } from '../../http/errors.ts';
import type { Db } from '../../db/types.ts';
import { sha256 } from '../../lib/crypto.ts';
import { addMs, HOUR, MINUTE } from '../../lib/time.ts';
import * as repo from './repo.ts';

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export const PAIR_LIMIT = { max: 10, windowMs: 15 * MINUTE };
export const ACCOUNT_LIMIT = { max: 100, windowMs: HOUR };
export const IP_LIMIT = { max: 50, windowMs: 15 * MINUTE };
/** Rows older than the longest window are never counted again. */
const KEEP_MS = Math.max(PAIR_LIMIT.windowMs, ACCOUNT_LIMIT.windowMs, IP_LIMIT.windowMs);

const norm = (username: string) => username.trim().toLowerCase();
// Hashed: a username plus an IPv6 address may not fit the 128-character key.
const pairKey = (username: string, ip: string) => `p:${sha256(`${norm(username)}\n${ip}`)}`;

function limits(username: string, ip: string): Limit[] {
  return [
    { key: pairKey(username, ip), ...PAIR_LIMIT },
    { key: `u:${norm(username)}`, ...ACCOUNT_LIMIT },
    { key: `ip:${ip}`, ...IP_LIMIT },
  ];
}

/** Throws 429 (with the seconds to wait) when any limit of this account and IP is reached. */
export async function checkThrottle(db: Db, username: string, ip: string, at: string): Promise<void> {
  for (const l of limits(username, ip)) {
    const { count, oldest } = await repo.countFailures(db, l.key, addMs(at, -l.windowMs));
    if (count >= l.max && oldest) {
      throw errors.tooManyLogins(Math.max(1, Math.ceil((Date.parse(oldest) + l.windowMs - Date.parse(at)) / 1000)));
    }
  }
}

/** Records one wrong password of this account from this IP. */
export async function recordFailure(db: Db, username: string, ip: string, at: string): Promise<void> {
  await repo.addFailures(
    db,
    limits(username, ip).map((l) => l.key),
    at,
  );
}

/**
 * After a right password: forgets this pair's failures (and prunes expired rows). The
 * account and IP counts stay, or one sign-in would reset a distributed attack's count.
 */
export async function recordSuccess(db: Db, username: string, ip: string, at: string): Promise<void> {
  await repo.clearFailures(db, pairKey(username, ip), addMs(at, -KEEP_MS));
}
