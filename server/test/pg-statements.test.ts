/**
 * What a PostgreSQL connection sends and gives back (db/connect.ts; docs/design.md, "Prepared
 * statements"): the rows of a named statement, read by pg as arrays, come back as objects of
 * the statement's columns, typed as pg reads them; a plain select without parameters is
 * prepared like a parametrised one (the auth epoch's read runs on every signed-in call); a
 * statement already run on a connection is not described again, and still gives its rows,
 * its count and its errors (db/pg-statement.ts); an idle connection is kept for minutes, not
 * pg's ten seconds (docs/design.md, "Connections kept warm").
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, POOL_IDLE_MS } from '../src/db/connect.ts';
import type { DB } from '../src/db/schema.ts';
import { createPgDatabase, dialect } from './helper.ts';

describe.skipIf(dialect !== 'postgres')('PostgreSQL statements', () => {
  let db: Kysely<DB>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const made = await createPgDatabase();
    drop = made.drop;
    db = openDatabase(made.url).db;
    await sql`create table t (id int primary key, name text, n bigint, j jsonb, at timestamptz)`.execute(db);
    await sql`insert into t values (1, '甲', 5, '{"x":1}', '2026-11-29T01:02:03Z'), (2, null, 7, null, null)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it("gives each row as an object of the statement's columns, its values typed", async () => {
    const rows = await sql`select id, name, n, j, at from t where id > ${0} order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, name: '甲', n: 5, j: { x: 1 }, at: new Date('2026-11-29T01:02:03Z') },
      { id: 2, name: null, n: 7, j: null, at: null },
    ]);
    expect(Object.keys(rows.rows[0] as object)).toEqual(['id', 'name', 'n', 'j', 'at']);
    // Other columns under the same values, and a name given twice (the last one holds, as in pg's own objects).
    expect((await sql`select name as n, id from t where id = ${1}`.execute(db)).rows).toEqual([{ n: '甲', id: 1 }]);
    expect((await sql`select 1 as a, 2 as a where ${1} = 1`.execute(db)).rows).toEqual([{ a: 2 }]);
    expect((await sql`select id from t where id > ${9}`.execute(db)).rows).toEqual([]);
  });

  it('prepares a plain select without parameters; transaction control and DDL run as they are', async () => {
    const statements = await db.transaction().execute(async (trx) => {
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows).toEqual([{ n: 2 }]);
      await sql`create index t_n on t (n)`.execute(trx);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((r) => r.statement);
    });
    expect(statements).toContain('select count(*) as n from t');
    expect(statements.some((s) => /^(begin|create)/i.test(s))).toBe(false);
  });

  it('describes a statement once; later runs on the connection still give rows, counts and errors', async () => {
    const describe_ = vi.spyOn((pg as unknown as { Connection: { prototype: { describe: () => void } } }).Connection.prototype, 'describe');
    try {
      const runs = await db.transaction().execute(async (trx) => {
        const read = (id: number) => sql<{ id: number; name: string | null; n: number }>`select id, name, n from t where id = ${id}`.execute(trx);
        const before = describe_.mock.calls.length;
        const got = [await read(1), await read(2), await read(3)].map((r) => r.rows);
        const described = describe_.mock.calls.length - before;
        const update = (n: number) => sql`update t set n = n + ${n} where id > ${0}`.execute(trx);
        const counts = [(await update(1)).numAffectedRows, (await update(1)).numAffectedRows];
        return { got, described, counts };
      });
      expect(runs.got).toEqual([[{ id: 1, name: '甲', n: 5 }], [{ id: 2, name: null, n: 7 }], []]);
      expect(runs.described).toBe(1);
      expect(runs.counts).toEqual([2n, 2n]);
      // An error on a run that is not described: the duplicate key refused, the connection usable after.
      const insert = (id: number) => sql`insert into t (id, name) values (${id}, ${'乙'})`.execute(db);
      await db.transaction().execute(async (trx) => {
        const again = (id: number) => sql`insert into t (id, name) values (${id}, ${'乙'})`.execute(trx);
        await again(3);
        await expect(again(3)).rejects.toThrow(/duplicate key/);
      });
      await insert(4);
      expect((await sql<{ id: number }>`select id from t where id > ${2} order by id`.execute(db)).rows).toEqual([{ id: 4 }]);
    } finally {
      describe_.mockRestore();
    }
  });

  it("keeps an idle connection past pg's default ten seconds, and closes it after POOL_IDLE_MS", async () => {
    const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
    // Only timers are faked (the pool's idle timer is set as a query gives its connection
    // back): the queries themselves run on real sockets.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await pid();
      await vi.advanceTimersByTimeAsync(11_000);
      expect(await pid()).toBe(first);
      await vi.advanceTimersByTimeAsync(POOL_IDLE_MS + 1_000);
      expect(await pid()).not.toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
