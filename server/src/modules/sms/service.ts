/**
 * SMS codes (docs/design.md, "Sign-in by SMS"): 6 digits, valid 5 minutes, single use, spent
 * after 5 wrong tries; only the newest code of a phone and purpose counts. Sending is
 * limited to one per 60 s per phone and per IP and 10 a day per phone, counted in
 * `rate_limit_hits` so every process shares them. The reply to a send is the same whether
 * the number belongs to an active account or not; a code is made and sent only when it does.
 * Wrong codes count toward the sign-in throttle (auth/throttle.ts) under the phone and IP.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { pageOf, type SmsOutboxQuery } from '@swo/contract';
import type { SmsPurpose } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { message, type Lang, type MessageKey } from '../../http/messages.ts';
import { sha256 } from '../../lib/crypto.ts';
import { addMs, DAY, MINUTE, now } from '../../lib/time.ts';
import type { LoginThrottle } from '../auth/throttle.ts';
import type { WindowCount } from '../maintenance/window-counts.ts';
import { SmsDeliveryError, type SmsProvider } from './provider.ts';
import * as repo from './repo.ts';

export const CODE_TTL_MS = 5 * MINUTE;
export const MAX_WRONG_TRIES = 5;
export const SEND_INTERVAL_MS = MINUTE;
export const SENDS_PER_DAY = 10;

const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** The throttle's "account" of a phone, apart from usernames. */
const throttleName = (phone: string) => `sms:${phone}`;

const waitSeconds = (windowStart: number, windowMs: number, at: number) => Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));

/**
 * `throttle` counts wrong codes with wrong passwords; `hitWindow` counts sends (both in the
 * database or Redis, services.ts).
 */
export function createSmsCodes(
  db: Db,
  provider: SmsProvider,
  onDeliveryError: (err: SmsDeliveryError) => void,
  throttle: LoginThrottle,
  hitWindow: WindowCount,
) {
  /** Counts one send under each limit; throws 429 with the seconds to wait past one. */
  async function countSend(phone: string, ip: string): Promise<void> {
    const at = Date.now();
    for (const key of [`sms:ip:${ip}`, `sms:phone:${phone}`]) {
      const hit = await hitWindow(db, key, at, SEND_INTERVAL_MS);
      if (hit.count > 1) {
        const wait = waitSeconds(hit.windowStart, SEND_INTERVAL_MS, at);
        throw new AppError(429, 'smsTooSoon', { retry_after: wait }, 429, { seconds: wait });
      }
    }
    const day = await hitWindow(db, `sms:day:${phone}`, at, DAY);
    if (day.count > SENDS_PER_DAY) throw new AppError(429, 'smsDailyLimit', { retry_after: waitSeconds(day.windowStart, DAY, at) }, 429);
  }

  const TEXT: Record<SmsPurpose, MessageKey> = { login: 'smsLoginText', recover: 'smsRecoverText', bind: 'smsBindText' };

  /** Makes, stores and sends a code; 503 when the provider fails. */
  async function deliver(phone: string, purpose: SmsPurpose, lang: Lang): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(12).toString('hex');
    const at = now();
    await repo.insertCode(db, { phone, purpose, salt, code_hash: hashCode(salt, code), created_at: at, expires_at: addMs(at, CODE_TTL_MS) });
    const minutes = CODE_TTL_MS / MINUTE;
    try {
      await provider.send({ phone, code, purpose, minutes, text: message(lang, TEXT[purpose], { code, minutes }) });
    } catch (err) {
      if (!(err instanceof SmsDeliveryError)) throw err;
      onDeliveryError(err);
      throw new AppError(503, 'smsDeliveryFailed');
    }
  }

  return {
    /**
     * Sends a code for signing in or recovery to `phone` when an active account has that
     * number. Returns the seconds before another send is allowed. Throws 429 (too soon, or
     * 10 today) and 503 when the provider fails.
     */
    async send(phone: string, purpose: Exclude<SmsPurpose, 'bind'>, ip: string, lang: Lang): Promise<{ retry_after: number }> {
      await countSend(phone, ip);
      const accounts = await repo.findActiveUsersByPhone(db, phone);
      if (accounts.length > 0) await deliver(phone, purpose, lang);
      return { retry_after: SEND_INTERVAL_MS / 1000 };
    },

    /**
     * Sends a code proving a signed-in person holds `phone` (docs/design.md, "Account
     * pages"), under the same limits; the code is sent whoever holds the number.
     */
    async sendToNewPhone(phone: string, ip: string, lang: Lang): Promise<{ retry_after: number }> {
      await countSend(phone, ip);
      await deliver(phone, 'bind', lang);
      return { retry_after: SEND_INTERVAL_MS / 1000 };
    },

    /**
     * Checks a code; returns the code's id, to be spent with `consume` in the transaction that
     * acts on it. A wrong code counts a try (the 5th spends the code) and a sign-in failure;
     * throws 400 `smsCodeWrong` (same for wrong, expired, spent or never sent) or 429.
     */
    async check(phone: string, purpose: SmsPurpose, code: string, ip: string): Promise<number> {
      const at = now();
      await throttle.check(db, throttleName(phone), ip, at);
      const live = await repo.findLiveCode(db, phone, purpose, at);
      if (live && same(hashCode(live.salt, code), live.code_hash)) return live.id;
      if (live) await repo.addWrongTry(db, live.id, live.attempts, MAX_WRONG_TRIES, at);
      await throttle.fail(db, throttleName(phone), ip, at);
      throw new AppError(400, 'smsCodeWrong');
    },

    /** Spends a checked code inside the caller's transaction; 400 when it was spent meanwhile. */
    async consume(trx: Db, id: number): Promise<void> {
      if (!(await repo.consumeCode(trx, id, now()))) throw new AppError(400, 'smsCodeWrong');
    },

    /** The outbox provider's messages, newest first (platform administrators). */
    async outbox(q: SmsOutboxQuery) {
      const [rows, count] = await repo.listOutbox(db, (q.pageNo - 1) * q.pageSize, q.pageSize, q.mobile);
      return pageOf(rows, Number(count.n), q);
    },
  };
}
export type SmsCodes = ReturnType<typeof createSmsCodes>;
