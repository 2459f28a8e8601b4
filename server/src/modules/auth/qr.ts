/**
 * Sign-in by QR code (docs/design.md, "Sign-in by QR code"). The login page asks for a
 * ticket: a random, single-use secret valid 2 minutes that the QR code shows, plus a second
 * secret (the poll token) that stays in the asking browser. A phone already signed in
 * opens the ticket's page, sees which browser asks (address, agent, time) and approves or
 * denies. The asking browser polls with its poll token and, once approved, receives a new
 * session of its own for the approving account, exactly once. Knowing the ticket (seeing
 * the QR code) is not enough to collect the session, and nothing of the approving session
 * goes to the browser. Both secrets are stored as SHA-256 only.
 */
import type { Kysely } from 'kysely';
import type { QrStatus, SignInReply } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/context.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { addMs, MINUTE, now } from '../../lib/time.ts';
import { countQrApproval } from '../account/profile-repo.ts';
import { writeLog } from '../operation-log/repo.ts';
import * as qrRepo from './qr-repo.ts';
import { findUserById } from './repo.ts';
import { startSession, type ClientInfo } from './sign-in.ts';

export const QR_TTL_MS = 2 * MINUTE;
/** After approval the asking browser has this long past the ticket's expiry to collect its session. */
export const QR_COLLECT_GRACE_MS = MINUTE;

const gone = () => new AppError(410, 'qrTicketGone');

export function createQrLogin(db: Kysely<DB>) {
  /** A live ticket (waiting or scanned, unexpired) by the secret in the QR code; 410 otherwise. */
  async function liveTicket(ticket: string, at: string) {
    const row = await qrRepo.findByTicket(db, sha256(ticket));
    if (!row || row.expires_at <= at || (row.status !== 'waiting' && row.status !== 'scanned')) throw gone();
    return row;
  }

  return {
    /** A new ticket for the asking browser `client`. */
    async create(client: ClientInfo) {
      const ticket = newToken();
      const pollToken = newToken();
      const at = now();
      await qrRepo.insertTicket(db, {
        ticket_hash: sha256(ticket),
        poll_hash: sha256(pollToken),
        ip: client.ip,
        user_agent: client.userAgent.slice(0, 255),
        created_at: at,
        expires_at: addMs(at, QR_TTL_MS),
      });
      return { ticket, poll_token: pollToken, path: `/user/wechat?ticket=${ticket}`, expires_in: QR_TTL_MS / 1000 };
    },

    /** What the phone is shown of the asking browser; marks the ticket scanned. 410 when expired, decided or used. */
    async describe(ticket: string) {
      const at = now();
      const row = await liveTicket(ticket, at);
      if (row.status === 'waiting') await qrRepo.moveTicket(db, row.id, ['waiting'], 'scanned', at);
      return { ip: row.ip, user_agent: row.user_agent, created_at: row.created_at, expires_at: row.expires_at };
    },

    /** The signed-in phone's decision; 410 when the ticket is no longer open. Audited. */
    async decide(auth: AuthContext, ticket: string, approve: boolean, ip: string) {
      const at = now();
      const row = await liveTicket(ticket, at);
      const status = approve ? 'approved' : 'denied';
      await db.transaction().execute(async (trx) => {
        const moved = await qrRepo.moveTicket(trx, row.id, ['waiting', 'scanned'], status, at, {
          user_id: approve ? auth.userId : null,
          approver_session_id: auth.sessionId,
          decided_at: at,
        });
        if (!moved) throw gone();
        if (approve) await countQrApproval(trx, auth.sessionId, at);
        await writeLog(trx, {
          company_id: null,
          user_id: auth.userId,
          username: auth.username,
          module: 'auth',
          action: approve ? 'qr_approve' : 'qr_deny',
          ip,
          detail: { ip: row.ip, user_agent: row.user_agent },
        });
      });
      return { status } as const;
    },

    /**
     * Where the asking browser's sign-in stands. Approved: a new session for `client`, once
     * (the ticket becomes `used`); 403 when the approving account was disabled meanwhile.
     * An unknown poll token is 404.
     */
    async check(pollToken: string, client: ClientInfo): Promise<{ status: QrStatus; login?: SignInReply }> {
      const at = now();
      const row = await qrRepo.findByPoll(db, sha256(pollToken));
      if (!row) throw new AppError(404, 'qrTicketUnknown');
      if (row.status === 'approved' && row.user_id !== null && addMs(row.expires_at, QR_COLLECT_GRACE_MS) > at) {
        const user = await findUserById(db, row.user_id);
        if (!user || user.status !== 1) throw new AppError(403, 'accountDisabled');
        return db.transaction().execute(async (trx) => {
          if (!(await qrRepo.moveTicket(trx, row.id, ['approved'], 'used', at, {}, null))) return { status: 'used' as const };
          return { status: 'approved' as const, login: await startSession(trx, user, client, true, 'qr') };
        });
      }
      if (row.status === 'used' || row.status === 'denied') return { status: row.status };
      if (row.expires_at <= at) return { status: 'expired' };
      return { status: row.status };
    },
  };
}
export type QrLogin = ReturnType<typeof createQrLogin>;
