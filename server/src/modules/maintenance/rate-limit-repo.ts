/** SQL of the shared rate-limit windows (http/rate-limit-store.ts). */
import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { isPostgres, type Db } from '../../db/types.ts';

/**
 * Counts `hits` requests (at least 1) under `key` at `at` (ms since the epoch) in a window
 * of `windowMs`: one atomic upsert that starts a new window when the stored one has run
 * out. Returns the count in the window with them and when it started. `durable: false`
 * (PostgreSQL, outside a transaction only): the count commits without waiting for its
 * WAL to reach the disk (docs/design.md, "Rate limits commit without a flush").
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  at: number,
  windowMs: number,
  hits = 1,
  { durable = true } = {},
): Promise<{ count: number; windowStart: number }> {
  if (isPostgres(db)) return hitStriped(db, key, at, windowMs, hits, durable);
  const r = (await db.executeQuery(sqliteHit(db, { key, at, expired: at - windowMs, hits }))).rows[0];
  return { count: Number(r.count), windowStart: Number(r.window_start) };
}

/** SQLite: the upsert of `hitRateLimit`, compiled once (every public call makes one); `expired`: a window that started at or before it is over. */
const sqliteHit = compiledOnce((db, v: { key: string; at: number; expired: number; hits: number }) =>
  db
    .insertInto('rate_limit_hits')
    .values({ key: v.key, window_start: v.at, count: v.hits })
    .onConflict((oc) =>
      oc.columns(['key', 'stripe']).doUpdateSet((eb) => {
        const expired = eb('rate_limit_hits.window_start', '<=', v.expired);
        return {
          count: eb
            .case()
            .when(expired)
            .then(eb.val(v.hits))
            .else(eb('rate_limit_hits.count', '+', v.hits))
            .end(),
          // eb.val: a bare value in then() is written into the SQL text, not sent as a parameter.
          window_start: eb.case().when(expired).then(eb.val(v.at)).else(eb.ref('rate_limit_hits.window_start')).end(),
        };
      }),
    )
    .returning(['count', 'window_start']),
);

/** Deletes windows that started before `beforeMs`. */
export async function purgeRateLimits(db: Db, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('rate_limit_hits').where('window_start', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * PostgreSQL: the same count kept in this connection's own stripe of the key (docs/design.md,
 * "Counters and order numbers"), so calls from one address on several connections never
 * wait on one row; the window's count is the sum of the stripes whose window is live, and
 * it started with the oldest of them. One statement.
 */
async function hitStriped(db: Db, key: string, at: number, windowMs: number, hits: number, durable: boolean): Promise<{ count: number; windowStart: number }> {
  const expired = at - windowMs;
  // One text either way: `cfg` keeps the setting as it is, or turns it off for the
  // statement's own transaction only (local, read at its commit); it runs because the insert reads it.
  const r = await sql<{ count: number; window_start: number }>`with cfg as (
      select set_config('synchronous_commit', case when ${durable}::boolean then current_setting('synchronous_commit') else 'off' end, true)
    ), hit as (
      insert into rate_limit_hits (key, stripe, window_start, count) select ${key}, pg_backend_pid(), ${at}, ${hits}::int from cfg
      on conflict (key, stripe) do update set
        count = case when rate_limit_hits.window_start <= ${expired} then ${hits}::int else rate_limit_hits.count + ${hits}::int end,
        window_start = case when rate_limit_hits.window_start <= ${expired} then ${at} else rate_limit_hits.window_start end
      returning count, window_start
    ), others as (
      select coalesce(sum(count), 0) as count, min(window_start) as window_start from rate_limit_hits
      where key = ${key} and stripe <> pg_backend_pid() and window_start > ${expired}
    )
    select hit.count + others.count as count, least(hit.window_start, coalesce(others.window_start, hit.window_start)) as window_start
    from hit, others`.execute(db);
  const row = r.rows[0];
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}
