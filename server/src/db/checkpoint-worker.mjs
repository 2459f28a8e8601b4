/**
 * The thread of SQLite's WAL checkpoints (db/checkpoints.ts; docs/design.md, "Checkpoints
 * apart"). Plain JavaScript: a worker thread does not get the tsx loader of the process.
 * workerData: `file` (the database), `intervalMs` (between checkpoints), `rounds` (passive
 * checkpoints a time at most, while writes keep adding frames behind the last one),
 * `restartFrames` (a WAL of this many frames, all copied, is started over).
 * Posts 'ready' once the database is open, then `{ log, checkpointed }` (frames in the WAL,
 * and of them copied into the database) after each checkpoint that copied any; an error ends
 * the thread (the serving connection then checkpoints itself again).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs, rounds, restartFrames } = /** @type {{ file: string; intervalMs: number; rounds: number; restartFrames: number }} */ (workerData);
const db = new Database(file);
// Busy at once rather than waiting: a checkpoint another connection runs does the same work.
db.pragma('busy_timeout = 0');
parentPort?.postMessage('ready');

/**
 * A checkpoint: PASSIVE copies the WAL's committed frames no reader still needs, blocking no
 * writer; RESTART (once all are copied) also makes the next write start the WAL over, taking
 * the write lock for that moment only and giving up at once when a writer holds it.
 */
function checkpoint(mode = 'PASSIVE') {
  const [r] = /** @type {{ busy: number; log: number; checkpointed: number }[]} */ (db.pragma(`wal_checkpoint(${mode})`));
  return r;
}

let last = { log: 0, checkpointed: 0 };
const timer = setInterval(() => {
  // Frames committed while a checkpoint ran stay behind it, and the WAL starts over only once
  // every frame was copied: a few more rounds catch up with the writes (each has less to copy).
  for (let i = 0; i < rounds; i++) {
    const r = checkpoint();
    if (r.busy) break;
    if (r.log !== last.log || r.checkpointed !== last.checkpointed) {
      last = { log: r.log, checkpointed: r.checkpointed };
      if (r.checkpointed) parentPort?.postMessage(last);
    }
    if (r.checkpointed >= r.log) {
      // The writer starts the WAL over only when its transaction began after every frame was
      // copied, which a stream of commits rarely leaves room for: the WAL grew without end.
      if (r.log >= restartFrames) checkpoint('RESTART');
      break;
    }
  }
}, intervalMs);

parentPort?.on('message', (m) => {
  if (m === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort?.close();
  }
});
