/**
 * A person's own sessions (docs/design.md, "Two-factor sign-in" and "Account pages"): the
 * live ones with browser, address, start and last use, and signing out one of them or all
 * but the current one. Revocation takes effect at once everywhere (the auth epoch).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { MINUTE, now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import * as repo from './repo.ts';

/** `last_seen_at` is written at most this often per session (it is not worth a write per call). */
export const TOUCH_EVERY_MS = 5 * MINUTE;

export function createSessions(db: Kysely<DB>) {
  const touched = new Map<number, number>();
  return {
    /** Records a session's use, at most every TOUCH_EVERY_MS per process; never fails the request. */
    touch(sessionId: number): void {
      const t = Date.now();
      if ((touched.get(sessionId) ?? 0) > t - TOUCH_EVERY_MS) return;
      touched.set(sessionId, t);
      if (touched.size > 10_000) touched.clear();
      repo.touchSession(db, sessionId, now()).catch(() => touched.delete(sessionId));
    },

    async list(auth: AuthContext) {
      const rows = await repo.liveSessionsOf(db, auth.userId, now());
      return rows.map((r) => ({ ...r, last_seen_at: r.last_seen_at ?? r.created_at, current: r.id === auth.sessionId }));
    },

    /** Signs out one of the person's own sessions; 404 for anyone else's or a dead one. */
    async revoke(auth: AuthContext, id: number, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.revokeOwnSession(trx, auth.userId, id, now()))) throw errors.notFound();
        await writeLog(trx, {
          company_id: null,
          user_id: auth.userId,
          username: auth.username,
          module: 'auth',
          action: 'revoke_session',
          ip,
          detail: { session: id },
        });
      });
    },

    /** Signs out every other session of the person; returns how many. */
    async revokeOthers(auth: AuthContext, ip: string): Promise<{ revoked: number }> {
      return db.transaction().execute(async (trx) => {
        const revoked = await repo.revokeOtherSessions(trx, auth.userId, auth.sessionId, now());
        await writeLog(trx, {
          company_id: null,
          user_id: auth.userId,
          username: auth.username,
          module: 'auth',
          action: 'revoke_session',
          ip,
          detail: { others: revoked },
        });
        return { revoked };
      });
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
