/**
 * Transactions on one SQLite file shared by several processes (`WORKERS` > 1; db/sqlite-dialect.ts,
 * docs/design.md "Several processes on SQLite"). A second connection to the file stands for
 * the other process: it commits between a transaction's read and its write, as a public
 * create of the other process did while a claim read its order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { dialect } from './helper.ts';

describe.skipIf(dialect === 'postgres')('SQLite shared by several processes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  /** This process's database on a new file, with `table` made, and the other process's connection to the file. */
  const openShared = async (table: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-procs-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const { db } = openDatabase(`sqlite:${file}`);
    await sql.raw(table).execute(db);
    return { db, other: new Database(file) };
  };

  it("commits a transaction that reads and then writes while another process writes, and holds the other's write until then", async () => {
    const { db, other } = await openShared('create table orders (id integer primary key, status text, handler text)');
    await sql`insert into orders (id, status) values (1, 'unassigned'), (2, 'unassigned')`.execute(db);
    other.pragma('busy_timeout = 0'); // refused at once rather than waiting on this thread, which holds the lock
    let othersWrite: unknown = null;
    try {
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ status: string }>`select status from orders where id = 1`.execute(trx);
        expect(rows[0].status).toBe('unassigned');
        // The other process's commit between this read and this write: with a deferred
        // transaction it went through, and the update below was refused ("database is locked").
        try {
          other.prepare(`update orders set status = 'handling', handler = 'other' where id = 2`).run();
        } catch (err) {
          othersWrite = err;
        }
        await sql`update orders set status = 'handling', handler = 'me' where id = 1`.execute(trx);
      });
      expect((othersWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      // Once committed, the other process writes as usual.
      other.prepare(`update orders set status = 'handling', handler = 'other' where id = 2`).run();
      const rows = (await sql<{ id: number; handler: string }>`select id, handler from orders order by id`.execute(db)).rows;
      expect(rows).toEqual([
        { id: 1, handler: 'me' },
        { id: 2, handler: 'other' },
      ]);
    } finally {
      other.close();
      await db.destroy();
    }
  });

  it('waits for the write lock another process holds without holding up the event loop', async () => {
    const { db, other } = await openShared('create table t (id integer primary key, v text)');
    try {
      other.exec('begin immediate');
      other.prepare(`insert into t (id, v) values (1, 'other')`).run();
      // The other process commits from a timer of this thread: SQLite's busy handler, sleeping
      // in the thread, would keep it from firing until the lock wait ran out (5 s, then refused).
      const started = Date.now();
      const released = new Promise<number>((resolve) =>
        setTimeout(() => {
          other.exec('commit');
          resolve(Date.now() - started);
        }, 50),
      );
      await db.transaction().execute(async (trx) => {
        await sql`insert into t (id, v) values (2, 'mine')`.execute(trx);
      });
      expect(await released).toBeLessThan(1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await sql<{ id: number; v: string }>`select id, v from t order by id`.execute(db)).rows).toEqual([
        { id: 1, v: 'other' },
        { id: 2, v: 'mine' },
      ]);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
