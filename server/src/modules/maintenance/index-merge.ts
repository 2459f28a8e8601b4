/**
 * Background merging of SQLite's keyword index (docs/design.md, "Keyword search"): FTS5
 * leaves the segments that writes add to be merged by whoever asks, and a query reads every
 * segment holding its terms. One bounded step (work-orders/search-repo.ts mergeIndexStep) runs
 * every `busyMs` while there is work, every `idleMs` when there was none: a step holds
 * SQLite's one writer for some milliseconds, so merging takes a small share of its time even
 * under a stream of creates. Started by main.ts with the purge, on SQLite only.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/types.ts';
import { mergeIndexStep } from '../work-orders/search-repo.ts';

/** Pages one background step writes at most. */
const STEP_PAGES = 32;

/** Merges the keyword index until nothing is left to merge (at start, before serving: after a bulk load it is all at once). */
export async function mergeIndexFully(db: Kysely<DB>): Promise<void> {
  while (await mergeIndexStep(db, 1000));
}

/** Starts the background merge (nothing on PostgreSQL); the timer does not keep the process alive. Returns a function that stops it. */
export function scheduleIndexMerge(db: Kysely<DB>, opts: { busyMs?: number; idleMs?: number; onError?: (err: unknown) => void } = {}): () => void {
  if (isPostgres(db)) return () => undefined;
  const { busyMs = 250, idleMs = 5000 } = opts;
  const onError = opts.onError ?? ((err) => console.error('keyword index merge failed', err));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(step, ms);
    timer.unref();
  };
  const step = () => {
    mergeIndexStep(db, STEP_PAGES).then(
      (worked) => next(worked ? busyMs : idleMs),
      (err: unknown) => {
        onError(err);
        next(idleMs);
      },
    );
  };
  next(idleMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
