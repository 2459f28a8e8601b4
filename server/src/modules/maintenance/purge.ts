/**
 * Housekeeping: rows that can no longer be used are deleted on a schedule, so the session
 * and idempotency tables do not grow for ever. Started by main.ts, not by buildApp.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addMs, DAY, HOUR } from '../../lib/time.ts';
import { purgeTickets } from '../auth/qr-repo.ts';
import { purgeChallenges } from '../auth/totp-repo.ts';
import { foldCounterStripes } from '../work-orders/participants-repo.ts';
import { purgeRateLimits } from './rate-limit-repo.ts';

/** How long a batch call's reply is kept for retries with the same Idempotency-Key. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;

export interface PurgeCounts {
  sessions: number;
  idempotencyKeys: number;
  importLocks: number;
  rateLimits: number;
  smsCodes: number;
  smsOutbox: number;
  qrLogins: number;
  twoFactorChallenges: number;
  /** Counter rows of gone PostgreSQL backends folded into stripe 0. */
  counterStripes: number;
}

/** How long the outbox keeps a message (the codes in it are dead after 5 minutes anyway). */
export const SMS_OUTBOX_TTL_MS = 7 * DAY;

/**
 * Deletes expired or revoked sessions, idempotency keys older than their TTL, expired import
 * locks, rate-limit windows older than a day, expired SMS codes, outbox messages past
 * their week, QR sign-in tickets an hour after they ran out and expired two-factor
 * challenges; and folds the counter stripes of PostgreSQL connections that are gone.
 */
export async function purgeExpired(db: Kysely<DB>, at: string = new Date().toISOString()): Promise<PurgeCounts> {
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  const keys = await db.deleteFrom('idempotency_keys').where('created_at', '<', addMs(at, -IDEMPOTENCY_KEY_TTL_MS)).executeTakeFirst();
  const locks = await db.deleteFrom('import_locks').where('expires_at', '<', at).executeTakeFirst();
  const rateLimits = await purgeRateLimits(db, Date.parse(at) - DAY);
  const smsCodes = await db.deleteFrom('sms_codes').where('expires_at', '<=', at).executeTakeFirst();
  const qrLogins = await purgeTickets(db, addMs(at, -HOUR));
  const twoFactorChallenges = await purgeChallenges(db, at);
  const counterStripes = await foldCounterStripes(db);
  const outbox = await db.deleteFrom('sms_outbox').where('created_at', '<', addMs(at, -SMS_OUTBOX_TTL_MS)).executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    idempotencyKeys: Number(keys.numDeletedRows),
    importLocks: Number(locks.numDeletedRows),
    rateLimits,
    smsCodes: Number(smsCodes.numDeletedRows),
    smsOutbox: Number(outbox.numDeletedRows),
    qrLogins,
    twoFactorChallenges,
    counterStripes,
  };
}

/**
 * Runs `purgeExpired` (and `also`, e.g. the purge of unattached uploads) now and then every
 * `everyMs` (an hour); the timer does not keep the process alive. Returns a function that stops
 * it and resolves once a run in flight is over, so a shutdown can close the database after it.
 */
export function schedulePurge(
  db: Kysely<DB>,
  opts: { everyMs?: number; onError?: (err: unknown) => void; also?: () => Promise<unknown> } = {},
): () => Promise<void> {
  const onError = opts.onError ?? ((err) => console.error('purge failed', err));
  let inFlight: Promise<unknown> = Promise.resolve();
  const run = () => {
    inFlight = Promise.all([purgeExpired(db).catch(onError), opts.also?.().catch(onError)]);
  };
  run();
  const timer = setInterval(run, opts.everyMs ?? HOUR);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
