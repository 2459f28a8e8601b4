/**
 * Idempotent batch calls (docs/design.md, "HTTP contract"): a request carrying an
 * `Idempotency-Key` header is acted on once per (company, user, key); a retry gets the
 * first reply without acting again. A key reused with a different body, or while the first
 * request is still being processed, gets 409. Keys are kept a day
 * (maintenance/purge.ts IDEMPOTENCY_KEY_TTL_MS), in `idempotency_keys`, or in Redis when
 * `REDIS_URL` is set (idempotency-redis.ts; a request that cannot reach Redis when it
 * claims its key keeps it in the database).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SharedRedis } from '../../db/redis.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { redisKeys } from './idempotency-redis.ts';

/** One request's key: claimed, or the first request's hash and reply (null while it runs). */
export interface KeyStore {
  /** A handle of the claim, or undefined when the key was used before. */
  claim(requestHash: string): Promise<{ save(reply: string): Promise<void>; release(): Promise<void> } | undefined>;
  prior(): Promise<{ request_hash: string; response: string | null } | undefined>;
}

/** `key` of `actor` in `idempotency_keys`. */
function databaseKey(db: Kysely<DB>, actor: Actor, key: string): KeyStore {
  const { locks } = forCompany(db, actor.companyId);
  return {
    async claim(requestHash) {
      const id = await locks.claimKey(actor.userId, key, requestHash, now());
      return id === undefined ? undefined : { save: (reply) => locks.saveReply(id, reply), release: () => locks.releaseKey(id) };
    },
    prior: () => locks.priorKey(actor.userId, key),
  };
}

export type Idempotency = <T>(actor: Actor, key: string | undefined, body: unknown, run: () => Promise<T>) => Promise<T>;

/** Runs a request once per key, keeping keys in `redis` when given, else in `db`. */
export function createIdempotency(db: Kysely<DB>, redis: SharedRedis | null): Idempotency {
  return async (actor, key, body, run) => {
    if (!key) return run();
    const requestHash = sha256(JSON.stringify(body));
    // Where the claim is made, the rest of the request goes.
    const claimIn = async (store: KeyStore) => ({ store, claimed: await store.claim(requestHash) });
    const inDatabase = () => claimIn(databaseKey(db, actor, key));
    const { store, claimed } = redis ? await redis.orElse(() => claimIn(redisKeys(redis, actor, key)), inDatabase) : await inDatabase();
    if (claimed === undefined) {
      const prior = await store.prior();
      if (!prior || prior.request_hash !== requestHash || prior.response === null) throw errors.conflict('idempotencyConflict');
      return JSON.parse(prior.response) as Awaited<ReturnType<typeof run>>;
    }
    try {
      const reply = await run();
      await claimed.save(JSON.stringify(reply));
      return reply;
    } catch (err) {
      // A failed request did nothing; let the client retry with the same key.
      await claimed.release();
      throw err;
    }
  };
}
