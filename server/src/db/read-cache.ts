/**
 * Results of reads kept while the database is unchanged (docs/design.md, "Reads kept while
 * nothing changes"). A result is stored with the database's change stamp read before its
 * statements ran, and served again only while the stamp is the same, so nothing kept can be
 * stale, whatever was written.
 * - SQLite: no commit by another connection (`PRAGMA data_version`, which covers the other
 *   processes of WORKERS) and no writing statement run on this process's connection (counted
 *   by connect.ts, all but those marked `CHANGES_NO_READ`); read in process.
 * - PostgreSQL: the snapshot a statement would take now (`pg_current_snapshot()`), read with
 *   the auth epoch in one round trip that replaces the read's own statements. Two equal
 *   snapshots see the same committed transactions: a transaction that ends either leaves the
 *   running list or raises xmax. Covers every process and machine on the database.
 */
import type Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { deepFreeze } from '../lib/deep-freeze.ts';
import { EpochCache } from '../lib/epoch-cache.ts';
import { authEpochColumn } from './auth-epoch.ts';
import type { DB } from './schema.ts';

/**
 * The start of a statement's text that writes yet changes nothing any read returns (FTS5's
 * `merge` command, which only reorganises the keyword index's segments): connect.ts does not
 * count it, so the background merge does not drop every kept result a few times a second.
 */
export const CHANGES_NO_READ = '/* changes no read */ ';

/** Writing statements run on one connection, counted as they start (connect.ts). */
export interface WriteCount {
  count: number;
}

/** A database's change stamp, and the auth epoch when the stamp's statement read it (PostgreSQL). */
interface Stamp {
  /** Null while it cannot be read (SQLite's connection is busy iterating): nothing is kept then. */
  at: number | string | null;
  epoch?: number;
}

interface Tracked {
  stamp: () => Stamp | Promise<Stamp>;
  kept: EpochCache<unknown, number | string>;
}

/**
 * Most results kept per database, the oldest kept going first: a list page is ~10 KB, a detail
 * a few (its template is the template cache's own object unless option sources filled it),
 * some 20-40 MB at most.
 */
const MAX_KEPT = 2000;

const FREEZE = process.env.NODE_ENV !== 'production';

const tracked = new WeakMap<object, Tracked>();

/**
 * Makes `db` (a Kysely over `sqlite`, whose writing statements `writes` counts) keep read
 * results. Its change stamp is one number that grows with every write counted and with every
 * change of `data_version` seen, so it is the epoch of an `EpochCache`.
 */
export function trackChanges(db: object, sqlite: Database.Database, writes: WriteCount): void {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seenVersion: number | undefined;
  let commitsSeen = 0;
  const stamp = () => {
    let version: number;
    try {
      version = dataVersion.get() as number;
    } catch {
      return { at: null }; // the connection is busy iterating: keep nothing now
    }
    if (version !== seenVersion) {
      seenVersion = version;
      commitsSeen++;
    }
    return { at: writes.count + commitsSeen };
  };
  tracked.set(db, { stamp, kept: new EpochCache(MAX_KEPT) });
}

/**
 * Makes `db`, a Kysely over PostgreSQL, keep read results. Its change stamp is the text of
 * the snapshot a statement takes now (`xmin:xmax:running`), read with the auth epoch, which
 * the caller confirms an assumed epoch with (docs/design.md, "Assumed epoch"). Callers share
 * stamp reads (`sharedAfterArrival`).
 */
export function trackSnapshots(db: Kysely<DB>): void {
  const query = db.selectNoFrom([authEpochColumn().as('epoch'), sql<string>`pg_current_snapshot()::text`.as('snapshot')]).compile();
  const read = async (): Promise<Stamp> => {
    const { epoch, snapshot } = (await db.executeQuery(query)).rows[0] as { epoch: number | string; snapshot: string };
    return { at: snapshot, epoch: Number(epoch) };
  };
  tracked.set(db, { stamp: sharedAfterArrival(read), kept: new EpochCache(MAX_KEPT) });
}

/**
 * `read` shared by its callers, each served by a read sent after it called: at most one is
 * in flight, and the callers that come meanwhile share the next, sent when it ends. So a
 * caller's answer is never older than its call (a write it saw committed is in it), and under
 * load one round trip serves many requests.
 */
export function sharedAfterArrival<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const send = (): Promise<T> => {
    const sent: Promise<T> = read().finally(() => {
      if (inFlight === sent) inFlight = null;
    });
    inFlight = sent;
    return sent;
  };
  // Sent once the read in flight ends, whether it answered or failed.
  const sendNext = () => ((next = null), send());
  return () => {
    if (!inFlight) return send();
    return (next ??= inFlight.then(sendNext, sendNext));
  };
}

/**
 * `read()`'s result for `key`, served from what was kept under the same key while `db` has
 * not changed since; otherwise runs `read` and keeps its result. `key` must name everything
 * the result depends on besides the database (the caller, the query). A refusal is never
 * kept; one result is shared by the callers served it. With a null `key`, or on a database
 * not tracked (a transaction's handle), it just runs `read`. `onEpoch` gets the auth epoch
 * when the stamp's statement read it (PostgreSQL), before a kept result is served: it throws
 * to refuse (a request that assumed another epoch).
 */
export async function readThrough<V>(db: object, key: string | null, read: () => Promise<V>, onEpoch?: (epoch: number) => void): Promise<V> {
  const t = key === null ? undefined : tracked.get(db);
  if (!t || key === null) return read();
  const now = t.stamp();
  const { at, epoch } = now instanceof Promise ? await now : now;
  if (epoch !== undefined) onEpoch?.(epoch);
  if (at === null) return read();
  const hit = t.kept.get(key, at) as V | undefined;
  if (hit !== undefined) return hit;
  // One result is shared by every caller that gets it: frozen outside production, so a
  // test catches code that would change it (freezing a list page costs ~14 us).
  const value = FREEZE ? deepFreeze(await read()) : await read();
  t.kept.set(key, at, value);
  return value;
}
