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
import { forCompany } from '../tenancy/for-company.ts';

export async function withIdempotency<T>(db: Kysely<DB>, actor: Actor, key: string | undefined, body: unknown, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  const { locks } = forCompany(db, actor.companyId);
  const requestHash = sha256(JSON.stringify(body));
  const claimed = await locks.claimKey(actor.userId, key, requestHash, now());
  if (claimed === undefined) {
    const prior = await locks.priorKey(actor.userId, key);
    if (!prior || prior.request_hash !== requestHash || prior.response === null) throw errors.conflict('idempotencyConflict');
    return JSON.parse(prior.response) as T;
  }
  try {
    const reply = await run();
    await locks.saveReply(claimed, JSON.stringify(reply));
    return reply;
  } catch (err) {
    // A failed request did nothing; let the client retry with the same key.
    await locks.releaseKey(claimed);
    throw err;
  }
}
