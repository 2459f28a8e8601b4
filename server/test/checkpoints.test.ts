/**
 * SQLite's WAL checkpoints on a thread of their own (db/checkpoints.ts; docs/design.md,
 * "Checkpoints apart"): the serving connection stops checkpointing, the thread copies the
 * WAL into the database and starts it over under a stream of writes, and the connection
 * checkpoints itself again once the thread stops or fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTOCHECKPOINT_PAGES, checkpointApart } from '../src/db/checkpoints.ts';
import { openDatabase } from '../src/db/connect.ts';
import { dialect } from './helper.ts';

describe.skipIf(dialect === 'postgres')('WAL checkpoints apart (SQLite)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-ckpt-'));
    dirs.push(dir);
    const opened = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    return { ...opened, file: opened.file! };
  };
  const autocheckpoint = async (db: ReturnType<typeof open>['db']) =>
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint;

  it('keeps the WAL bounded under a stream of writes, and gives checkpoints back when stopped', async () => {
    const { db, file } = open();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const seen: { log: number; checkpointed: number }[] = [];
    const stop = await checkpointApart(db, file, { intervalMs: 20, onCheckpoint: (r) => seen.push(r) });
    expect(await autocheckpoint(db)).toBe(0);

    // Commits back to back, each a few pages, as creates come under load: the writer never
    // begins after every frame was copied, so without RESTART the WAL only grew.
    const until = Date.now() + 1500;
    let n = 0;
    while (Date.now() < until) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 20; i++) await sql`insert into t (v) values (${'x'.repeat(500)})`.execute(trx);
      });
      n++;
    }
    await stop();

    expect(seen.length).toBeGreaterThan(3);
    // Copied: a checkpoint caught up with every frame of the WAL it saw.
    expect(seen.some((r) => r.log > 0 && r.checkpointed === r.log)).toBe(true);
    // Started over: a later WAL is shorter than an earlier one.
    expect(seen.some((r, i) => i > 0 && r.log < seen[i - 1].log)).toBe(true);
    expect(await autocheckpoint(db)).toBe(AUTOCHECKPOINT_PAGES);
    const rows = (await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0].n;
    expect(rows).toBe(n * 20);
    await db.destroy();
  });

  it('refuses to start when the thread cannot open the database, and leaves the connection checkpointing itself', async () => {
    const { db } = open();
    await expect(checkpointApart(db, path.join(os.tmpdir(), 'swo-no-such-dir', 'x', 'db.sqlite'))).rejects.toThrow();
    expect(await autocheckpoint(db)).toBe(AUTOCHECKPOINT_PAGES);
    await db.destroy();
  });
});
