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

interface Kept {
  version: number;
  writes: number;
  value: unknown;
}

interface Tracked {
  /** The connection's data_version, or null while it cannot be read (busy). */
  version: () => number | null;
  writes: WriteCount;
  kept: Map<string, Kept>;
}

/**
 * Most results kept per database, the least recently used going first: a list page is ~10 KB,
 * a detail a few (its template is the template cache's own object unless option sources
 * filled it), some 20-40 MB at most.
 */
const MAX_KEPT = 2000;

const FREEZE = process.env.NODE_ENV !== 'production';

const tracked = new WeakMap<object, Tracked>();

/** Makes `db` (a Kysely over `sqlite`, whose writing statements `writes` counts) keep read results. */
export function trackChanges(db: object, sqlite: Database.Database, writes: WriteCount): void {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const version = () => {
    try {
      return dataVersion.get() as number;
    } catch {
      return null; // the connection is busy iterating: keep nothing now
    }
  };
  tracked.set(db, { version, writes, kept: new Map() });
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
  const version = t?.version() ?? null;
  if (!t || version === null || key === null) return read();
  const writes = t.writes.count;
  const hit = t.kept.get(key);
  if (hit && hit.version === version && hit.writes === writes) {
    t.kept.delete(key);
    t.kept.set(key, hit); // most recently used last
    return hit.value as V;
  }
  // One result is shared by every caller that gets it: frozen outside production, so a
  // test catches code that would change it (freezing a list page costs ~14 us).
  const value = FREEZE ? deepFreeze(await read()) : await read();
  if (t.kept.size >= MAX_KEPT) t.kept.delete(t.kept.keys().next().value!);
  t.kept.set(key, { version, writes, value });
  return value;
}
