/** SQL of the shared rate-limit windows (http/rate-limit-store.ts). */
import type { Db } from '../../db/types.ts';

/**
 * Counts one request under `key` at `at` (ms since the epoch) in a window of `windowMs`:
 * one atomic upsert that starts a new window when the stored one has run out. Returns the
 * count in the window and when it started.
 */
export async function hitRateLimit(db: Db, key: string, at: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
  const r = await db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: at, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limit_hits.window_start', '<=', at - windowMs);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('rate_limit_hits.count', '+', 1))
            .end(),
          window_start: eb.case().when(expired).then(at).else(eb.ref('rate_limit_hits.window_start')).end(),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(r.count), windowStart: Number(r.window_start) };
}

/** Deletes windows that started before `beforeMs`. */
export async function purgeRateLimits(db: Db, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('rate_limit_hits').where('window_start', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}
