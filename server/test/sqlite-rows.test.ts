/**
 * Rows as SQLite reads them through db/connect.ts (statements cached, rows read as arrays
 * and made into objects for their columns): the same objects better-sqlite3 would give,
 * including for `returning`, a repeated name and a `select *` whose table changed under
 * the cached statement.
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { dialect } from './helper.ts';

describe.skipIf(dialect === 'postgres')('SQLite rows', () => {
  const { db } = openDatabase('sqlite::memory:');
  afterAll(() => db.destroy());

  it('reads each column under its name, for every kind of value', async () => {
    await sql`create table t (id integer primary key, name text, n real, data blob, note text)`.execute(db);
    const inserted = await sql<{
      id: number;
      name: string;
    }>`insert into t (name, n, data, note) values (${'甲'}, ${1.5}, ${Buffer.from([1, 2])}, null) returning id, name`.execute(db);
    expect(inserted.rows).toEqual([{ id: 1, name: '甲' }]);
    await sql`insert into t (name, n) values (${'b'}, ${2})`.execute(db);
    const rows = await sql`select id, name as label, n, data, note from t where n > ${0} order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, label: '甲', n: 1.5, data: Buffer.from([1, 2]), note: null },
      { id: 2, label: 'b', n: 2, data: null, note: null },
    ]);
    expect(Object.getPrototypeOf(rows.rows[0])).toBe(Object.prototype);
  });

  it('gives what better-sqlite3 gives for a repeated name and for count(*)', async () => {
    const text = 'select id as x, name as x, count(*) as "count(*)" from t where id = ?';
    const plain = new Database(':memory:');
    plain.exec("create table t (id integer primary key, name text); insert into t (name) values ('甲')");
    const expected = plain.prepare(text).all(1);
    plain.close();
    expect((await sql.raw(text.replace('?', '1')).execute(db)).rows).toEqual(expected);
  });

  it('a select * sees a column added after it was first run', async () => {
    const all = () =>
      db
        .selectFrom(sql`t`.as('t'))
        .selectAll()
        .where(sql`id`, '=', 1)
        .execute();
    expect(Object.keys((await all())[0])).toEqual(['id', 'name', 'n', 'data', 'note']);
    await sql`alter table t add column extra text default 'x'`.execute(db);
    expect((await all())[0]).toMatchObject({ id: 1, extra: 'x' });
  });
});
