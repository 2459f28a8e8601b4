/** SQL of SMS codes and the outbox (docs/design.md, "Sign-in by SMS"). */
import type { SmsPurpose } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

export async function insertCode(
  db: Db,
  c: { phone: string; purpose: SmsPurpose; salt: string; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sms_codes').values(c).execute();
}

/** The newest unused, unexpired code of this phone and purpose: only the last one sent counts. */
export function findLiveCode(db: Db, phone: string, purpose: SmsPurpose, at: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'salt', 'code_hash', 'attempts'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one wrong try; the code is spent at `maxAttempts`. Conditional on the count read,
 * so two concurrent wrong tries cannot both be counted as the same one.
 */
export async function addWrongTry(db: Db, id: number, attemptsRead: number, maxAttempts: number, at: string): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set({ attempts: attemptsRead + 1, used_at: attemptsRead + 1 >= maxAttempts ? at : null })
    .where('id', '=', id)
    .where('attempts', '=', attemptsRead)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks the code used; false when another request used it first (single use). */
export async function consumeCode(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('sms_codes').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Active accounts whose phone, written with or without spaces, dashes and brackets, is `phone`. */
export function findActiveUsersByPhone(db: Db, phone: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'status', 'must_change_password'])
    .where((eb) => {
      // Strips the separators people type between digits, in SQL both databases share.
      let bare: ReturnType<typeof eb.ref> | ReturnType<typeof eb.fn> = eb.ref('phone');
      for (const c of [' ', '-', '(', ')']) bare = eb.fn('replace', [bare, eb.val(c), eb.val('')]);
      return eb(bare, '=', phone);
    })
    .where('status', '=', 1)
    .limit(10)
    .execute();
}

export async function insertOutbox(db: Db, m: { phone: string; text: string; created_at: string }): Promise<void> {
  await db.insertInto('sms_outbox').values(m).execute();
}

export function listOutbox(db: Db, offset: number, limit: number, phone?: string) {
  let q = db.selectFrom('sms_outbox');
  if (phone) q = q.where('phone', '=', phone);
  return Promise.all([
    q.select(['id', 'phone', 'text', 'created_at']).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}
