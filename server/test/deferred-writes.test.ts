/**
 * Deferred writes and merged commits (db/deferred-writes.ts, db/statement-merge.ts;
 * docs/design.md, "Deferred writes" and "Merged commits"): marked inserts of a PostgreSQL
 * transaction wait and go as one statement before the next other one; they are visible to
 * it, dropped by a rollback, and a failing one fails the transaction. Transactions of waiting
 * writes only that commit in one turn go as one statement, counter bumps summed; one that
 * fails there is sent again alone and fails on its own; a set form refused time after time
 * is told in the log.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { DEFERRED_RESULT, DeferredWrites, later, LATER, mergedStatement, renumbered, summed, SUMMED, type Held } from '../src/db/deferred-writes.ts';
import { columnTypesOf, setFormOf } from '../src/db/set-form.ts';
import { REFUSALS_TOLD, StatementMerger, type Send } from '../src/db/statement-merge.ts';
import { createPgDatabase, dialect, recordSentStatements } from './helper.ts';

describe('deferred writes: the statement they become', () => {
  it('renumbers parameters, not dollar signs in strings, identifiers or comments', () => {
    const text = `insert into "t$1" (a, b) values ($1, '$2 it''s') -- $3\n on conflict do update set c = $2 /* $4 */`;
    expect(renumbered(text, 3)).toBe(`insert into "t$1" (a, b) values ($4, '$2 it''s') -- $3\n on conflict do update set c = $5 /* $4 */`);
    // The text's cut is kept: the same text with another offset, and a text with no parameter.
    expect(renumbered(text, 10)).toBe(`insert into "t$1" (a, b) values ($11, '$2 it''s') -- $3\n on conflict do update set c = $12 /* $4 */`);
    expect(renumbered('select 1', 5)).toBe('select 1');
    expect(renumbered('select $$x$$ where a = $1', 2)).toBeNull(); // dollar-quoted: not read
  });

  it('keeps marked inserts only inside a transaction, sends them before the next statement, drops them on rollback', () => {
    const d = new DeferredWrites();
    const a = `insert into a (x) values ($1)${LATER}`;
    const b = `insert into b (y, z) values ($1, $2)${LATER}`;
    expect(d.take(a, [1])).toEqual({ send: [], local: null }); // no transaction: sent as it is
    expect(d.take('begin', []).local?.command).toBe('BEGIN'); // held
    expect(d.take(a, [1])).toEqual({ send: [], local: DEFERRED_RESULT });
    expect(d.take(b, [2, 3])).toEqual({ send: [], local: DEFERRED_RESULT });
    expect(d.take(`select pg_notify($1, $2)${LATER}`, ['c', 'p'])).toEqual({ send: [], local: DEFERRED_RESULT });
    expect(d.take('select * from a where x = $1', [1])).toEqual({
      send: [
        { text: 'begin', values: [] },
        {
          text: 'with swo_w0 as (insert into a (x) values ($1)), swo_w1 as (insert into b (y, z) values ($2, $3)) select pg_notify($4, $5)',
          values: [1, 2, 3, 'c', 'p'],
        },
      ],
      local: null,
    });
    expect(d.take(a, [4])).toEqual({ send: [], local: DEFERRED_RESULT });
    expect(d.take(a, [5]).send).toEqual([{ text: 'with swo_w0 as (insert into a (x) values ($1)) select 1', values: [4] }]); // same table: not in one statement
    expect(d.take('rollback', [])).toEqual({ send: [], local: null }); // the begin went: the server rolls back
    expect(d.take('commit', [])).toEqual({ send: [], local: null });
  });

  it('sends a transaction of waiting writes only as their one statement, without begin and commit', () => {
    const d = new DeferredWrites();
    d.take('begin', []);
    d.take(`insert into a (x) values ($1)${LATER}`, [1]);
    d.take(`insert into b (y) values ($1)${LATER}`, [2]);
    const commit = d.take('commit', []);
    expect(commit.send).toEqual([]);
    expect(mergedStatement([commit.held!])).toEqual({
      text: 'with swo_w0 as (insert into a (x) values ($1)), swo_w1 as (insert into b (y) values ($2)) select 1',
      values: [1, 2],
    });
    expect(commit.local?.command).toBe('COMMIT');
    // Had that statement failed, the rollback that follows has nothing to undo on the server.
    expect(d.take('rollback', []).local?.command).toBe('ROLLBACK');
    // An empty transaction sends nothing at all; one with an isolation level is sent as it is.
    d.take('begin', []);
    expect(d.take('commit', [])).toEqual({ send: [], local: expect.objectContaining({ command: 'COMMIT' }) });
    expect(d.take('start transaction isolation level serializable', [])).toEqual({ send: [], local: null });
    expect(d.take(`insert into a (x) values ($1)${LATER}`, [3]).local).toBe(DEFERRED_RESULT);
    expect(d.take('commit', []).local).toBeNull();
  });

  /** The held transaction of `writes` (text and values) and a notify of `note`, as `commit` hands it over. */
  const held = (writes: [string, unknown[]][], note?: string): Held => {
    const d = new DeferredWrites();
    d.take('begin', []);
    for (const [text, values] of writes) d.take(text, values);
    if (note) d.take(`select pg_notify($1, $2)${LATER}`, ['c', note]);
    return d.take('commit', []).held!;
  };

  it('merges held transactions into one statement: counter upserts of one key summed, writes of one text one multi-row write, the notifies each their own', () => {
    const bump = `insert into n (k, s, count) values ($1, $2, $3) on conflict (k, s) do update set count = n.count + excluded.count`;
    const insert = 'insert into a (x) values ($1)';
    const one = held(
      [
        [`${insert}${LATER}`, [1]],
        [`${bump}${SUMMED}`, [7, 'open', 1]],
      ],
      'p1',
    );
    const two = held(
      [
        [`${insert}${LATER}`, [2]],
        [`${bump}${SUMMED}`, [7, 'open', 1]],
      ],
      'p2',
    );
    const three = held([[`${bump}${SUMMED}`, [7, 'done', -1]]]);
    const other = held([[`${bump.replace('n.count +', 'n.count + 0 +')}${SUMMED}`, [7, 'open', 5]]]);
    expect(mergedStatement([one, two])).toEqual({
      text:
        'with swo_w0 as (insert into a (x) values ($1), ($2)), swo_w1 as (' +
        bump.replace('$1, $2, $3', '$3, $4, $5') +
        '), swo_s0 as (select pg_notify($6, $7)), swo_s1 as (select pg_notify($8, $9)) ' +
        'select (select count(*) from swo_s0), (select count(*) from swo_s1)',
      values: [1, 2, 7, 'open', 2, 'c', 'p1', 'c', 'p2'],
    });
    // Another key is another row of the same write; another text is a write of its own (it could be the same row).
    const merged = mergedStatement([one, three, other]);
    expect(merged.values).toEqual([1, 7, 'open', 1, 7, 'done', -1, 7, 'open', 5, 'c', 'p1']);
    expect(merged.text).toMatch(
      /^with swo_w0 as \(insert into a .*swo_w1 as \(insert into n \(k, s, count\) values \(\$2, \$3, \$4\), \(\$5, \$6, \$7\) on conflict .*swo_w2 as \(.*\$8.*\) select pg_notify\(\$11, \$12\)$/,
    );
    expect(merged.text).not.toContain('swo_w3');
    // The held transactions themselves are not changed by merging.
    expect(mergedStatement([one]).values).toEqual([1, 7, 'open', 1, 'c', 'p1']);
  });

  it('joins rows into one write only where every parameter is in the row', () => {
    const one = (text: string, values: unknown[]) => held([[`${text}${LATER}`, values]]);
    // A row with calls and a quoted parenthesis: the row is found whole.
    const search = `insert into s (id, terms, note) values ($1, array_to_tsvector($2::text[]), ')(')`;
    expect(mergedStatement([one(search, [1, ['a']]), one(search, [2, ['b']])]).text).toBe(
      `with swo_w0 as (insert into s (id, terms, note) values ($1, array_to_tsvector($2::text[]), ')('), ($3, array_to_tsvector($4::text[]), ')(')) select 1`,
    );
    // A parameter after the row, or rows made by a select: each transaction's write its own.
    const tail = 'insert into t (k, v) values ($1, $2) on conflict (k) do update set v = $3';
    expect(mergedStatement([one(tail, [1, 2, 3]), one(tail, [4, 5, 6])]).text).toContain(
      'swo_w1 as (insert into t (k, v) values ($4, $5) on conflict (k) do update set v = $6)',
    );
    const commented = 'insert into t (k) values ($1 /* ) */)';
    expect(mergedStatement([one(commented, [1]), one(commented, [2])]).text).toContain('swo_w1 as (insert into t (k) values ($2 /* ) */))');
    const select = 'insert into p (k, term) select $1, unnest($2::text[])';
    expect(mergedStatement([one(select, [1, ['a']]), one(select, [2, ['b']])]).text).toBe(
      'with swo_w0 as (insert into p (k, term) select $1, unnest($2::text[])), swo_w1 as (insert into p (k, term) select $3, unnest($4::text[])) select 1',
    );
  });

  it('keeps counter upserts of one text together in one transaction: one key summed, other keys their own, anything else into the table sent first', () => {
    const bump = `insert into n (k, s, count) values ($1, $2, $3) on conflict (k, s) do update set count = n.count + excluded.count`;
    const d = new DeferredWrites();
    d.take('begin', []);
    expect(d.take(`${bump}${SUMMED}`, [7, 'open', -1]).send).toEqual([]);
    expect(d.take(`${bump}${SUMMED}`, [7, 'done', 1]).send).toEqual([]);
    expect(d.take(`${bump}${SUMMED}`, [7, 'open', 3]).send).toEqual([]);
    const taken = d.take('commit', []).held!;
    expect(mergedStatement([taken])).toEqual({
      text: `with swo_w0 as (${bump.replace('($1, $2, $3)', '($1, $2, $3), ($4, $5, $6)')}) select 1`,
      values: [7, 'open', 2, 7, 'done', 1],
    });
    expect(taken.writes.map((w) => w.values)).toEqual([
      [7, 'open', -1],
      [7, 'done', 1],
      [7, 'open', 3],
    ]); // summing copies
    // A write into that table that is not this summed one may touch the same row: the others go first.
    d.take('begin', []);
    d.take(`${bump}${SUMMED}`, [7, 'open', 1]);
    expect(d.take(`insert into n (k, s, count) values ($1, $2, 0) on conflict do nothing${LATER}`, [7, 'open']).send).toEqual([
      { text: 'begin', values: [] },
      { text: `with swo_w0 as (${bump}) select 1`, values: [7, 'open', 1] },
    ]);
  });

  it('does not keep what it cannot renumber or what is not an insert or select', () => {
    const d = new DeferredWrites();
    d.take('begin', []);
    expect(d.take(`insert into a (x) values ($q$text$q$)${LATER}`, []).local).toBeNull();
    expect(d.take(`update a set x = $1${LATER}`, [1]).local).toBeNull();
  });
});

/** Column types of the tables the set-form tests write (db/set-form.ts). */
const types = columnTypesOf(
  [
    ['a', 'x', 'integer'],
    ['a', 'y', 'character varying'],
    ['c', 'k', 'integer'],
    ['c', 'n', 'integer'],
    ['t', 'company_id', 'integer'],
    ['t', 'term', 'text'],
    ['t', 'order_id', 'integer'],
  ].map(([table, column, type]) => ({ table, column, type })),
);

describe('the set form of a write (db/set-form.ts)', () => {
  it('types each parameter by its column or its own cast; its text holds arrays, not rows', () => {
    expect(setFormOf(`insert into "a" ("x", "y") values ($1, $2)`, types)?.render(4)).toBe(
      `insert into "a" ("x", "y") select (swo_u.c1::integer), (swo_u.c2::character varying) from unnest($5::text[], $6::text[]) as swo_u(c1, c2)`,
    );
    expect(setFormOf(`insert into c (k, n) values ($1, pg_backend_pid() + $2::int) on conflict (k) do update set n = c.n + excluded.n`, types)?.render(0)).toBe(
      `insert into c (k, n) select (swo_u.c1::integer), pg_backend_pid() + swo_u.c2::int from unnest($1::text[], $2::text[]) as swo_u(c1, c2) on conflict (k) do update set n = c.n + excluded.n`,
    );
    expect(setFormOf(`insert into t (company_id, term, order_id) select $1, unnest($2::text[]), $3`, types)?.render(0)).toBe(
      `insert into t (company_id, term, order_id) select (swo_u.c1::integer), unnest(swo_u.c2::text[]), (swo_u.c3::integer) from unnest($1::text[], $2::text[], $3::text[]) as swo_u(c1, c2, c3)`,
    );
    expect(setFormOf(`select pg_notify($1::text, $2::text)`, types)?.render(2)).toBe(
      `select pg_notify(swo_u.c1::text, swo_u.c2::text) from unnest($3::text[], $4::text[]) as swo_u(c1, c2)`,
    );
    expect(setFormOf(`insert into a (x, y) values ($1, '$2 it''s, (')`, types)?.render(0)).toBe(
      `insert into a (x, y) select (swo_u.c1::integer), '$2 it''s, (' from unnest($1::text[]) as swo_u(c1)`,
    );
  });

  it('has none for a parameter it cannot type, a clause after the list, a comment, a returning or an unknown table', () => {
    for (const text of [
      `select pg_notify($1, $2)`,
      `insert into a (x, y) values ($1, $2 + 1)`,
      `insert into a (x, y) values ($1, $1)`,
      `insert into a (x, y) values ($1, $2) returning x`,
      `insert into a (x, y) values ($1, default)`,
      `insert into a (x, y) values ($1, $2) /* c */`,
      `insert into t (company_id, term, order_id) select $1, term, $2 from u`,
      `insert into b (x) values ($1)`,
      `insert into a (x, y) values ($1, $$y$$)`,
      `update a set x = $1`,
    ])
      expect(setFormOf(text, types), text).toBeNull();
  });

  it('gives a merged statement one text whatever the number of transactions; values as text, arrays as array literals', () => {
    const held = (x: number, terms: (string | null)[]): Held => ({
      writes: [
        { text: `insert into "a" ("x", "y") values ($1, $2)`, values: [x, `y"${x}`], table: 'a', summed: false },
        { text: `insert into t (company_id, term, order_id) select $1, unnest($2::text[]), $3`, values: [1, terms, x], table: 't', summed: false },
        { text: `insert into c (k, n) values ($1, $2) on conflict (k) do update set n = c.n + excluded.n`, values: [7, 1], table: 'c', summed: true },
      ],
      select: { text: `select pg_notify($1::text, $2::text)`, values: ['ch', { o: x }] },
    });
    const two = mergedStatement([held(1, ['漏水', 'a"b']), held(2, [])], types);
    const three = mergedStatement([held(1, ['x']), held(2, [null, 'a\\b']), held(3, ['y'])], types);
    expect(two.fixed).toBe(true);
    expect(three.text).toBe(two.text);
    // Each parameter one array literal of the transactions' texts: quotes and backslashes escaped, null as NULL.
    expect(two.values).toEqual([
      '{"1","2"}',
      String.raw`{"y\"1","y\"2"}`,
      '{"1","1"}',
      String.raw`{"{\"漏水\",\"a\\\"b\"}","{}"}`,
      '{"1","2"}',
      '{"7"}',
      '{"2"}',
      '{"ch","ch"}',
      String.raw`{"{\"o\":1}","{\"o\":2}"}`,
    ]);
    expect(three.values[3]).toBe(String.raw`{"{\"x\"}","{NULL,\"a\\\\b\"}","{\"y\"}"}`);
    // Without the column types, or with a value pg would send otherwise (a date), the counted form.
    expect(mergedStatement([held(1, []), held(2, [])]).fixed).toBeUndefined();
    expect(
      mergedStatement([held(1, []), { ...held(2, []), select: { text: `select pg_notify($1::text, $2::text)`, values: ['ch', new Date()] } }], types).fixed,
    ).toBeUndefined();
  });
});

describe('merged commits that do not go as one statement', () => {
  const heldOf = (x: number): Held => ({
    writes: [{ text: 'insert into "a" ("x", "y") values ($1, $2)', values: [x, 'y'], table: 'a', summed: false }],
    select: null,
  });
  /** Three transactions merged in one turn; the set form refused unless `accepted`. */
  const turn = async (merger: StatementMerger, sent: string[], accepted: () => boolean) => {
    // A turn apart: the last refusal's types are dropped after its transactions resolve.
    await new Promise((r) => setImmediate(r));
    const send: Send = (text) => {
      sent.push(text);
      return text.includes('unnest(') && !accepted() ? Promise.reject(new Error('set form refused')) : Promise.resolve();
    };
    return Promise.all([1, 2, 3].map((x) => merger.commit(heldOf(x), send)));
  };

  it('sends each alone, reads the column types again, and tells the log once when it is refused time after time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let reads = 0;
      const merger = new StatementMerger(() => (reads++, Promise.resolve(types)));
      const sent: string[] = [];
      await turn(merger, sent, () => true); // the first commit has the types read
      for (let i = 0; i < REFUSALS_TOLD + 2; i++) {
        sent.length = 0;
        await turn(merger, sent, () => false);
        // The set form tried (its types read again since the last refusal), then each alone.
        expect(sent.filter((t) => t.includes('unnest('))).toHaveLength(1);
        expect(sent.filter((t) => !t.includes('unnest('))).toHaveLength(3);
      }
      expect(reads).toBeGreaterThan(REFUSALS_TOLD);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/set form was refused 3 times in a row.*set form refused/);
      // Accepted again, the streak ends; a new one is told again.
      await turn(merger, sent, () => true);
      for (let i = 0; i < REFUSALS_TOLD + 1; i++) await turn(merger, sent, () => false);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('fails the commits of a statement it cannot build, instead of leaving them waiting', async () => {
    const merger = new StatementMerger(() => Promise.resolve(types));
    const sent: string[] = [];
    await turn(merger, sent, () => true); // the types are read
    sent.length = 0;
    const send: Send = (text) => (sent.push(text), Promise.resolve());
    // JSON.stringify throws on a BigInt: a fault of building, not a value the set form refuses.
    const faulty: Held = { writes: [{ text: heldOf(0).writes[0].text, values: [1, { n: 1n }], table: 'a', summed: false }], select: null };
    const commits = [merger.commit(heldOf(1), send), merger.commit(faulty, send)];
    const outcomes = await Promise.allSettled(commits);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/BigInt/);
    expect(sent).toEqual([]);
  });
});

describe.skipIf(dialect !== 'postgres')('deferred writes on PostgreSQL', () => {
  let db: Kysely<any>;
  let drop: () => Promise<void>;
  let url: string;
  const sent: string[] = [];
  let stopRecording: () => void;

  beforeAll(async () => {
    stopRecording = recordSentStatements(sent).restore;
    const made = await createPgDatabase();
    drop = made.drop;
    url = made.url;
    db = openDatabase(made.url).db;
    await sql`create table parent (id int primary key)`.execute(db);
    await sql`create table counter (k int primary key, n int not null)`.execute(db);
    await sql`create table child (id serial primary key, parent_id int not null references parent (id))`.execute(db);
    await sql`insert into parent (id) values (1)`.execute(db);
    await sql`create table kinds (id int primary key, t text, v varchar(5), j jsonb, a text[], b boolean, at timestamptz)`.execute(db);
    // The first held commit has the column types read (db/set-form.ts); the commits after it use them.
    for (let tries = 0; tries < 100 && !sent.some((t) => t.includes('from unnest(')); tries++) {
      sent.length = 0;
      await db.transaction().execute((trx) => bump(trx, 99, 0));
      await new Promise((r) => setTimeout(r, 10));
    }
  });
  afterAll(async () => {
    stopRecording();
    await db.destroy();
    await drop();
  });

  const bump = (q: Kysely<any>, k: number, by: number) =>
    later(
      q
        .insertInto('counter')
        .values({ k, n: by })
        .onConflict((oc) => oc.column('k').doUpdateSet((eb) => ({ n: eb('counter.n', '+', by) }))),
    ).execute();
  const counterOf = async (k: number) => (await db.selectFrom('counter').select('n').where('k', '=', k).executeTakeFirst())?.n;

  it('a read in the transaction sees the waiting writes; they went as one statement', async () => {
    sent.length = 0;
    const seen = await db.transaction().execute(async (trx) => {
      const r = await bump(trx, 1, 2);
      expect(Number(r[0].numInsertedOrUpdatedRows)).toBe(1);
      await later(trx.insertInto('child').values({ parent_id: 1 })).execute();
      return trx
        .selectFrom('child')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
    });
    expect(Number(seen.n)).toBe(1);
    expect(await counterOf(1)).toBe(2);
    expect(sent.filter((t) => t.startsWith('with swo_w0'))).toHaveLength(1);
    expect(sent.filter((t) => t.includes(LATER))).toEqual([]);
  });

  it('a transaction of waiting writes only is one statement, a parent and its child in it, no begin or commit sent', async () => {
    sent.length = 0;
    await db.transaction().execute(async (trx) => {
      await later(trx.insertInto('parent').values({ id: 7 })).execute();
      await later(trx.insertInto('child').values({ parent_id: 7 })).execute();
      await bump(trx, 7, 1);
    });
    expect(sent).toEqual([expect.stringMatching(/^with swo_w0 as \(insert into "parent"/)]);
    expect(await counterOf(7)).toBe(1);
    expect(await db.selectFrom('child').select('id').where('parent_id', '=', 7).execute()).toHaveLength(1);
  });

  it('one row bumped twice in a transaction counts both', async () => {
    await db.transaction().execute(async (trx) => {
      await bump(trx, 2, 1);
      await bump(trx, 2, 5);
    });
    expect(await counterOf(2)).toBe(6);
  });

  it('a rollback drops them; a failing one fails the commit and nothing of the transaction stays', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await bump(trx, 3, 1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await counterOf(3)).toBeUndefined();
    await expect(
      db.transaction().execute(async (trx) => {
        await bump(trx, 4, 1);
        await later(trx.insertInto('child').values({ parent_id: 99 })).execute(); // no such parent
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await counterOf(4)).toBeUndefined();
    // The same with the transaction open on the server (a read went first): rolled back there.
    await expect(
      db.transaction().execute(async (trx) => {
        await bump(trx, 4, 1);
        await trx.selectFrom('parent').select('id').execute();
        await bump(trx, 4, 1);
        await later(trx.insertInto('child').values({ parent_id: 99 })).execute();
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await counterOf(4)).toBeUndefined();
    // The connection is usable afterwards, with nothing left waiting.
    await db.transaction().execute((trx) => bump(trx, 5, 1));
    expect(await counterOf(5)).toBe(1);
  });

  const summedBump = (q: Kysely<any>, k: number, by: number) =>
    summed(
      q
        .insertInto('counter')
        .values({ k, n: by })
        .onConflict((oc) => oc.column('k').doUpdateSet((eb) => ({ n: eb('counter.n', '+', eb.ref('excluded.n')) }))),
    ).execute();
  /** A transaction of waiting writes only: a parent `id`, its child and a bump of counter `k`. */
  const create = (id: number, k: number, parent = id) =>
    db.transaction().execute(async (trx) => {
      if (parent === id) await later(trx.insertInto('parent').values({ id })).execute();
      await later(trx.insertInto('child').values({ parent_id: parent })).execute();
      await summedBump(trx, k, 1);
      await sql`select pg_notify('swo_merge_test', ${String(id)}::text)${sql.raw(LATER)}`.execute(trx);
    });
  const children = async (ids: number[]) => (await db.selectFrom('child').select('parent_id').where('parent_id', 'in', ids).execute()).length;
  // Connections open before the test: transactions started together then commit in one turn.
  const warm = () => Promise.all([1, 2, 3, 4].map(() => db.transaction().execute((trx) => sql`select pg_sleep(0.01)`.execute(trx))));

  it('transactions committing in one turn go as one statement, their bumps of one counter summed, each notify sent', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('listen swo_merge_test');
    await warm();
    sent.length = 0;
    await Promise.all([101, 102, 103].map((id) => create(id, 100)));
    // The three children are one insert of the set form, the three notifies one select.
    const three = sent.filter((t) => t.startsWith('with '));
    expect(three).toEqual([expect.stringMatching(/as \(insert into "child" \([^)]*\) select .* from unnest\(.*swo_s0 as \(select pg_notify/)]);
    expect(three[0]).not.toContain('swo_s1');
    expect(await counterOf(100)).toBe(3);
    expect(await children([101, 102, 103])).toBe(3);
    await expect.poll(() => [...heard].sort()).toEqual(['101', '102', '103']);
    // Two transactions: the same text (prepared once per connection), other values.
    await warm();
    sent.length = 0;
    await Promise.all([104, 105].map((id) => create(id, 100)));
    expect(sent.filter((t) => t.startsWith('with '))).toEqual(three);
    expect(await counterOf(100)).toBe(5);
    await expect.poll(() => heard.length).toBe(5);
    await listener.end();
  });

  it('a transaction of waiting writes takes no connection of its own: with a pool of one, eight committing together are one statement', async () => {
    const one = openDatabase(url, { poolSize: 1 }).db as Kysely<any>;
    try {
      sent.length = 0;
      const ids = [201, 202, 203, 204, 205, 206, 207, 208];
      await Promise.all(
        ids.map((id) =>
          one.transaction().execute(async (trx) => {
            await later(trx.insertInto('parent').values({ id })).execute();
            await later(trx.insertInto('child').values({ parent_id: id })).execute();
          }),
        ),
      );
      // Had each held the pool's one connection from its begin, each would have committed alone.
      expect(sent.filter((t) => t.startsWith('with '))).toHaveLength(1);
      expect(await children(ids)).toBe(8);
      // A transaction that must send (a read) still takes the connection, and gives it back.
      expect(
        (await one.transaction().execute((trx) => sql<{ n: number }>`select count(*)::int as n from child where parent_id > 200`.execute(trx))).rows[0].n,
      ).toBe(8);
    } finally {
      await one.destroy();
    }
  });

  it('a client given back with a transaction left open is handed out again holding nothing of it', async () => {
    const one = openDatabase(url, { poolSize: 1 }).db as Kysely<any>;
    try {
      // A plain begin and a waiting write, then the connection given back without commit or rollback.
      await one.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await later(c.insertInto('parent').values({ id: 301 })).execute();
      });
      // Reused, the client would send that begin and write before this read, and keep the transaction open.
      expect(await one.selectFrom('parent').select('id').where('id', '=', 301).execute()).toEqual([]);
      await one.insertInto('parent').values({ id: 302 }).execute();
      expect(await db.selectFrom('parent').select('id').where('id', 'in', [301, 302]).execute()).toEqual([{ id: 302 }]);
    } finally {
      await one.destroy();
    }
  });

  it('one failing among them fails alone; the others commit', async () => {
    await warm();
    const results = await Promise.allSettled([create(111, 110), create(112, 110, 999), create(113, 110)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/);
    expect(await counterOf(110)).toBe(2);
    expect(await children([111, 112, 113, 999])).toBe(2);
  });

  it('two that upsert one row (not summed) clash in one statement and are sent again alone: both count', async () => {
    await warm();
    sent.length = 0;
    await Promise.all([1, 2].map(() => db.transaction().execute((trx) => bump(trx, 120, 1))));
    expect(sent.filter((t) => t.startsWith('with ')).length).toBe(3); // merged, then each alone
    expect(await counterOf(120)).toBe(2);
  });

  it('summed bumps of one transaction share its statement: one counter bumped twice counts both, another its own', async () => {
    await sql`insert into counter (k, n) values (130, 10), (131, 0)`.execute(db);
    sent.length = 0;
    await db.transaction().execute(async (trx) => {
      await summedBump(trx, 130, -1);
      await summedBump(trx, 131, 1);
      await summedBump(trx, 130, 3);
    });
    expect(sent).toHaveLength(1); // no begin, no commit: one statement, the two bumps of 130 one row
    expect(sent[0]).toMatch(
      /^with swo_w0 as \(insert into "counter" \("k", "n"\) select .* from unnest\(\$1::text\[\], \$2::text\[\]\) as swo_u\(c1, c2\) on conflict .*\) select 1$/,
    );
    expect(sent[0]).not.toContain('swo_w1');
    expect([await counterOf(130), await counterOf(131)]).toEqual([12, 1]);
  });

  it('values of every kind reach their columns through the set form as they would alone; an over-long text is refused, not cut', async () => {
    const rows = [
      {
        id: 1,
        t: `it's "quoted" \\ {braced}, NULL`,
        v: 'abcde',
        j: JSON.stringify({ a: [1, 'x"y'] }),
        a: ['a,b', 'c"d', 'e\\f', null, ''],
        b: true,
        at: '2026-11-28T07:01:30.774Z',
      },
      { id: 2, t: null, v: null, j: null, a: [], b: false, at: null },
      { id: 3, t: '', v: '中文', j: '"s"', a: ['漏水'], b: null, at: '2026-11-28 15:01:30+08' },
    ];
    await warm();
    sent.length = 0;
    await Promise.all(rows.map((r) => db.transaction().execute((trx) => later(trx.insertInto('kinds').values(r)).execute())));
    expect(sent.filter((t) => t.includes('from unnest(')).length).toBeGreaterThan(0);
    const back = await db.selectFrom('kinds').selectAll().orderBy('id').execute();
    expect(back.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at as string).toISOString() }))).toEqual(
      rows.map((r) => ({ ...r, j: r.j === null ? null : JSON.parse(r.j), at: r.at === null ? null : new Date(r.at).toISOString() })),
    );
    await warm();
    const [long, fine] = await Promise.allSettled(
      [
        { id: 4, v: 'abcdef' },
        { id: 5, v: 'abc' },
      ].map((r) => db.transaction().execute((trx) => later(trx.insertInto('kinds').values(r)).execute())),
    );
    expect(String((long as PromiseRejectedResult).reason)).toMatch(/too long/);
    expect(fine.status).toBe('fulfilled');
  });

  it('outside a transaction a marked write runs at once', async () => {
    await bump(db, 6, 7);
    expect(await counterOf(6)).toBe(7);
  });
});
