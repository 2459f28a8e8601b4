/** SQL of QR sign-in tickets (docs/design.md, "Sign-in by QR code"). */
import type { UserId } from '@swo/contract';
import type { QrLoginStatus } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

export async function insertTicket(
  db: Db,
  t: { ticket_hash: string; poll_hash: string; ip: string; user_agent: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('qr_logins')
    .values({ ...t, status: 'waiting' })
    .execute();
}

const COLUMNS = ['id', 'status', 'ip', 'user_agent', 'user_id', 'created_at', 'expires_at'] as const;

export function findByTicket(db: Db, ticketHash: string) {
  return db.selectFrom('qr_logins').select(COLUMNS).where('ticket_hash', '=', ticketHash).executeTakeFirst();
}

export function findByPoll(db: Db, pollHash: string) {
  return db.selectFrom('qr_logins').select(COLUMNS).where('poll_hash', '=', pollHash).executeTakeFirst();
}

/** Moves a ticket from one of `from` to `to` while unexpired; false when it was not in `from` (any more). */
export async function moveTicket(
  db: Db,
  id: number,
  from: QrLoginStatus[],
  to: QrLoginStatus,
  at: string,
  decision: { user_id?: UserId | null; approver_session_id?: number; decided_at?: string } = {},
  notExpiredAt: string | null = at,
): Promise<boolean> {
  let q = db
    .updateTable('qr_logins')
    .set({ status: to, ...decision })
    .where('id', '=', id)
    .where('status', 'in', from);
  if (notExpiredAt) q = q.where('expires_at', '>', notExpiredAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes tickets that ran out before `before`. */
export async function purgeTickets(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('qr_logins').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
