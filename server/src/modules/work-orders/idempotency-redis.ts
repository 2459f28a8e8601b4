/**
 * Idempotency keys in Redis (idempotency.ts, docs/design.md "Scale"): one string per
 * (company, user, key), `swo:idem:<company>:<user>:<sha256 of key>`, holding the request's
 * hash and, once answered, its reply; claimed with SET NX and expiring after a day, as the
 * rows of `idempotency_keys` are purged.
 */
import type { SharedRedis } from '../../db/redis.ts';
import type { Actor } from '../../http/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../maintenance/purge.ts';
import type { KeyStore } from './idempotency.ts';

interface Stored {
  h: string;
  r: string | null;
}

/** `key` of `actor` in `redis`. */
export function redisKeys({ client: redis, prefix }: SharedRedis, actor: Actor, key: string): KeyStore {
  const k = `${prefix}idem:${actor.companyId}:${actor.userId}:${sha256(key)}`;
  return {
    async claim(requestHash) {
      const ok = await redis.set(k, JSON.stringify({ h: requestHash, r: null } satisfies Stored), 'PX', IDEMPOTENCY_KEY_TTL_MS, 'NX');
      if (ok !== 'OK') return undefined;
      return {
        save: async (reply) => void (await redis.set(k, JSON.stringify({ h: requestHash, r: reply } satisfies Stored), 'KEEPTTL', 'XX')),
        release: async () => void (await redis.del(k)),
      };
    },
    async prior() {
      const v = await redis.get(k);
      if (v === null) return undefined;
      const s = JSON.parse(v) as Stored;
      return { request_hash: s.h, response: s.r };
    },
  };
}
