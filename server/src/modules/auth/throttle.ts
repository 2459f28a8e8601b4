/**
 * Password-guessing limits, kept where every process and machine sees them: in
 * `login_failures`, or in Redis when `REDIS_URL` is set (throttle-redis.ts; the database
 * while Redis cannot be reached). A wrong password (at sign-in, as the old password of a
 * change, or a wrong SMS code) counts against three keys:
 * - the (account, IP) pair: 10 in 15 minutes locks that pair only, so a stranger's
 *   guesses cannot lock the owner out from elsewhere;
 * - the account: 100 in an hour locks it everywhere (a distributed attack);
 * - the IP: 50 in 15 minutes, whatever the accounts (spraying one password over many).
 */
import { errors } from '../../http/errors.ts';
import type { Db } from '../../db/types.ts';
import { sha256 } from '../../lib/crypto.ts';
import { addMs, HOUR, MINUTE } from '../../lib/time.ts';
import type { SharedRedis } from '../../db/redis.ts';
import * as repo from './repo.ts';
import { redisFailures } from './throttle-redis.ts';

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export const PAIR_LIMIT = { max: 10, windowMs: 15 * MINUTE };
export const ACCOUNT_LIMIT = { max: 100, windowMs: HOUR };
export const IP_LIMIT = { max: 50, windowMs: 15 * MINUTE };
/** Failures older than the longest window are never counted again. */
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

/** Where failures are counted: a sorted list of times per key. */
export interface FailureStore {
  /** Failures under `key` after `since` (ISO time), with the oldest one's time. */
  count(key: string, since: string): Promise<{ count: number; oldest: string | null }>;
  /** One failure at `at` under each of `keys`. */
  add(keys: string[], at: string): Promise<void>;
  /** Forgets `key`'s failures, and any older than `before`. */
  clear(key: string, before: string): Promise<void>;
}

/** The store of `login_failures` on `db` (a transaction, when the caller is in one). */
const databaseFailures = (db: Db): FailureStore => ({
  count: (key, since) => repo.countFailures(db, key, since),
  add: (keys, at) => repo.addFailures(db, keys, at),
  clear: (key, before) => repo.clearFailures(db, key, before),
});

/**
 * The throttle of an app. Each call takes the database handle the caller is working on,
 * used when failures are kept there (or Redis is away).
 */
export interface LoginThrottle {
  /** Throws 429 (with the seconds to wait) when any limit of this account and IP is reached. */
  check(db: Db, username: string, ip: string, at: string): Promise<void>;
  /** Records one wrong password of this account from this IP. */
  fail(db: Db, username: string, ip: string, at: string): Promise<void>;
  /**
   * After a right password: forgets this pair's failures (and prunes expired ones). The
   * account and IP counts stay, or one sign-in would reset a distributed attack's count.
   */
  succeed(db: Db, username: string, ip: string, at: string): Promise<void>;
}

/** The throttle counting in `redis` when given, else in the database. */
export function createLoginThrottle(redis: SharedRedis | null): LoginThrottle {
  const inRedis = redis ? redisFailures(redis, KEEP_MS) : null;
  const store = <T>(db: Db, op: (s: FailureStore) => Promise<T>): Promise<T> =>
    redis && inRedis
      ? redis.orElse(
          () => op(inRedis),
          () => op(databaseFailures(db)),
        )
      : op(databaseFailures(db));
  return {
    async check(db, username, ip, at) {
      for (const l of limits(username, ip)) {
        const { count, oldest } = await store(db, (s) => s.count(l.key, addMs(at, -l.windowMs)));
        if (count >= l.max && oldest) {
          throw errors.tooManyLogins(Math.max(1, Math.ceil((Date.parse(oldest) + l.windowMs - Date.parse(at)) / 1000)));
        }
      }
    },
    fail: (db, username, ip, at) =>
      store(db, (s) =>
        s.add(
          limits(username, ip).map((l) => l.key),
          at,
        ),
      ),
    succeed: (db, username, ip, at) => store(db, (s) => s.clear(pairKey(username, ip), addMs(at, -KEEP_MS))),
  };
}
