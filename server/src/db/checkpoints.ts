/**
 * SQLite's WAL checkpoints on a thread of their own (docs/design.md, "Checkpoints apart",
 * with the figures). A checkpoint copies the WAL's pages into the database file and syncs
 * it; run by the connection whose commit takes the WAL past `wal_autocheckpoint` pages, it
 * holds that connection's event loop, and every request in flight waits. Here the serving
 * connection never checkpoints: a worker thread (checkpoint-worker.mjs) does, on a
 * connection of its own. Should the thread fail, the serving connection checkpoints itself
 * again (SQLite's way, as before).
 */
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** WAL pages after which a connection checkpoints itself (connect.ts sets it on every connection). */
export const AUTOCHECKPOINT_PAGES = 10_000;

/** Between two checkpoints of the thread, ms: often enough that the WAL stays short under a stream of creates. */
const CHECKPOINT_INTERVAL_MS = 200;

/** A WAL of this many pages, all copied into the database, is started over (RESTART). */
const RESTART_FRAMES = 1000;

/** Passive checkpoints a time at most: each copies what commits added while the one before ran. */
const ROUNDS = 4;

export interface CheckpointOptions {
  /** Between checkpoints, ms (default CHECKPOINT_INTERVAL_MS). */
  intervalMs?: number;
  /** Told when the thread fails (the serving connection checkpoints itself from then on). */
  onError?: (err: unknown) => void;
  /** Told after each checkpoint that copied frames: frames in the WAL, and of them copied. */
  onCheckpoint?: (r: { log: number; checkpointed: number }) => void;
}

/**
 * Moves the checkpoints of `db`, a Kysely over SQLite file `file` in WAL mode, to a worker
 * thread. Resolves once the thread has opened the database; the function it gives stops
 * the thread (after its checkpoint in progress) and gives the checkpoints back to `db`.
 */
export async function checkpointApart(db: Kysely<DB>, file: string, opts: CheckpointOptions = {}): Promise<() => Promise<void>> {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS, rounds: ROUNDS, restartFrames: RESTART_FRAMES },
  });
  // Until the thread has opened the database, a failure rejects the start (nothing changed yet).
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => (worker.off('error', reject), resolve()));
    worker.once('error', reject);
  });
  let failed = false;
  const giveBack = () => sql.raw(`pragma wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`).execute(db);
  worker.on('message', (m: { log: number; checkpointed: number }) => opts.onCheckpoint?.(m));
  worker.on('error', (err) => {
    failed = true;
    void giveBack().then(
      () => opts.onError?.(err),
      () => opts.onError?.(err),
    );
  });
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  return async () => {
    if (failed) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
    await giveBack();
  };
}
