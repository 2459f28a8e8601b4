/**
 * Sign-in and password recovery by SMS code (docs/design.md, "Sign-in by SMS"). The code
 * proves the phone; the account is the one active account with that number. When several
 * accounts share it, sign-in asks for the username and password instead (409) and
 * recovery asks for the username (400 on that field).
 */
import type { Kysely } from 'kysely';
import type { LoginBody, RecoverBody, SignInReply } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import { AppError, errors } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import type { SmsCodes } from '../sms/service.ts';
import { findActiveUsersByPhone } from '../sms/repo.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import * as repo from './repo.ts';
import { startSession, type ClientInfo } from './sign-in.ts';

export function createSmsAuth(db: Kysely<DB>, codes: SmsCodes) {
  return {
    /** Signs in with `mobile` and the code in `captcha`; 400 for a wrong code, 409 for a shared number, 429. */
    async signIn(body: LoginBody & { mobile: string }, client: ClientInfo): Promise<SignInReply> {
      const codeId = await codes.check(body.mobile, 'login', (body.captcha ?? '').trim(), client.ip);
      const accounts = await findActiveUsersByPhone(db, body.mobile);
      // Codes are sent only to numbers of active accounts; one disabled since reads as none.
      if (accounts.length === 0) throw new AppError(400, 'smsCodeWrong');
      if (accounts.length > 1) throw new AppError(409, 'phoneShared');
      return db.transaction().execute(async (trx) => {
        await codes.consume(trx, codeId);
        return startSession(trx, accounts[0], client, body.remember_me, 'sms');
      });
    },

    /**
     * Sets a new password by SMS code (policy of password-policy.ts) and revokes every
     * session of the account. The code is spent only when the password is taken.
     */
    async recover(body: RecoverBody, client: ClientInfo, lang: Lang): Promise<void> {
      const codeId = await codes.check(body.mobile, 'recover', body.captcha, client.ip);
      const accounts = await findActiveUsersByPhone(db, body.mobile);
      if (accounts.length === 0) throw new AppError(400, 'smsCodeWrong');
      const wanted = body.username?.trim().toLowerCase();
      const account = accounts.length === 1 && !wanted ? accounts[0] : accounts.find((a) => a.username.toLowerCase() === wanted);
      if (!account) throw errors.validation({ username: [message(lang, 'phoneSharedUsername')] });
      assertPasswordPolicy(body.password, lang, [account.username, account.nickname]);
      const hashed = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        await codes.consume(trx, codeId);
        const at = now();
        await repo.setPasswordHash(trx, account.id, hashed, at);
        await repo.revokeUserSessions(trx, account.id, at);
        await writeLog(trx, { company_id: null, user_id: account.id, username: account.username, module: 'auth', action: 'recover_password', ip: client.ip });
      });
    },
  };
}
export type SmsAuth = ReturnType<typeof createSmsAuth>;
