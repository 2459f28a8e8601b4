/**
 * Idempotent batch calls (docs/design.md, "HTTP contract"): a request carrying an
 * `Idempotency-Key` header is acted on once per (company, user, key); a retry gets the
 * first reply without acting again. A key reused with a different body, or while the first
 * request is still being processed, gets 409.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';

export async function withIdempotency<T>(db: Kysely<DB>, actor: Actor, key: string | undefined, body: unknown, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  const requestHash = sha256(JSON.stringify(body));
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ company_id: actor.companyId, user_id: actor.userId, key, request_hash: requestHash, status_code: null, response: null, created_at: now() })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const prior = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response'])
      .where('company_id', '=', actor.companyId)
      .where('user_id', '=', actor.userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!prior || prior.request_hash !== requestHash || prior.response === null) throw errors.conflict('idempotencyConflict');
    return JSON.parse(prior.response) as T;
  }
  try {
    const reply = await run();
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: 200, response: JSON.stringify(reply) })
      .where('id', '=', claimed.id)
      .execute();
    return reply;
  } catch (err) {
    // A failed request did nothing; let the client retry with the same key.
    await db.deleteFrom('idempotency_keys').where('id', '=', claimed.id).execute();
    throw err;
  }
}
