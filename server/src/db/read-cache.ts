/**
 * Results of reads kept while the SQLite database is unchanged (docs/design.md, "Reads kept
 * while nothing changes"). A result is stored with the database's change stamp read before
 * its statements ran, and served again only while the stamp is the same: no commit by
 * another connection (`PRAGMA data_version`, which covers the other processes of WORKERS)
 * and no writing statement run on this process's connection (counted by connect.ts, all but
 * those marked `CHANGES_NO_READ`).
 * A write anywhere misses every kept result, so nothing kept can be stale, whatever the
 * write was. PostgreSQL has no such cheap stamp: there every read runs.
 */
import type Database from 'better-sqlite3';
import { deepFreeze } from '../lib/deep-freeze.ts';
import { EpochCache } from '../lib/epoch-cache.ts';

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

interface Tracked {
  /** The change stamp now, or null while it cannot be read (the connection is busy iterating). */
  stamp: () => number | null;
  kept: EpochCache<unknown>;
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
      return null; // the connection is busy iterating: keep nothing now
    }
    if (version !== seenVersion) {
      seenVersion = version;
      commitsSeen++;
    }
    return writes.count + commitsSeen;
  };
  tracked.set(db, { stamp, kept: new EpochCache(MAX_KEPT) });
}

/**
 * `read()`'s result for `key`, served from what was kept under the same key while `db` has
 * not changed since; otherwise runs `read` and keeps its result. `key` must name everything
 * the result depends on besides the database (the caller, the query). A refusal is never
 * kept; one result is shared by the callers served it. With a null `key`, or on a database
 * not tracked (PostgreSQL, a transaction's handle), it just runs `read`.
 */
export async function readThrough<V>(db: object, key: string | null, read: () => Promise<V>): Promise<V> {
  const t = key === null ? undefined : tracked.get(db);
  const stamp = t?.stamp() ?? null;
  if (!t || stamp === null || key === null) return read();
  const hit = t.kept.get(key, stamp) as V | undefined;
  if (hit !== undefined) return hit;
  // One result is shared by every caller that gets it: frozen outside production, so a
  // test catches code that would change it (freezing a list page costs ~14 us).
  const value = FREEZE ? deepFreeze(await read()) : await read();
  t.kept.set(key, stamp, value);
  return value;
}
