/**
 * Group commit (docs/design.md, "Group commit"): units of work that arrive together are
 * committed in one transaction on SQLite, yet each succeeds or fails alone, and callers
 * hear of their unit only once it is stored, but for a count answered early (a rate-limit
 * hit). On PostgreSQL each unit is its own transaction; the same tests hold.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedCount, groupedTransaction } from '../src/db/group-commit.ts';
import type { Db } from '../src/db/types.ts';
import { appKey, call, countOrders, dialect, login, repairSubmission, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => {
  h = await setup();
  await sql`create table group_probe (v integer not null unique)`.execute(h.appDb);
});
afterAll(() => h.close());

const stored = async () => (await sql<{ v: number }>`select v from group_probe order by v`.execute(h.appDb)).rows.map((r) => Number(r.v));
const put = (v: number) => groupedTransaction(h.appDb, async (trx) => (await sql`insert into group_probe (v) values (${v})`.execute(trx), v));

describe('grouped transactions', () => {
  it('a unit that fails, by a constraint or by throwing after its writes, fails alone; the others of its group are kept', async () => {
    const boom = new Error('refused after writing');
    const results = await Promise.allSettled([
      put(1),
      put(2),
      put(1), // duplicate of the first
      groupedTransaction(h.appDb, async (trx) => {
        await sql`insert into group_probe (v) values (10)`.execute(trx);
        throw boom;
      }),
      put(3),
    ]);
    // SQLite commits a group in arrival order, so the later duplicate is refused. On PostgreSQL
    // each unit has its own connection and whichever reaches the database first wins.
    const [first, , duplicate] = results.map((r) => r.status);
    if (dialect === 'sqlite') expect([first, duplicate]).toEqual(['fulfilled', 'rejected']);
    else expect([first, duplicate].sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.map((r) => r.status).filter((_, i) => i !== 0 && i !== 2)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason).toBe(boom);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('the units of a group that all succeed run once each', async () => {
    const runs = new Map<number, number>();
    const counted = (v: number) =>
      groupedTransaction(h.appDb, async (trx) => {
        runs.set(v, (runs.get(v) ?? 0) + 1);
        await sql`insert into group_probe (v) values (${v})`.execute(trx);
      });
    await Promise.all([20, 21, 22].map(counted));
    expect(Object.fromEntries(runs)).toEqual({ 20: 1, 21: 1, 22: 1 });
    await sql`delete from group_probe where v >= 20`.execute(h.appDb);
  });

  it('a caller hears of its unit once it is committed: what it wrote is readable outside at once', async () => {
    await Promise.all([4, 5, 6].map(async (v) => expect(await put(v)).toBe(v)));
    expect(await stored()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a count is answered as soon as it ran, before the units of its group are committed, and is stored with them', async () => {
    let committed = false;
    const later = put(31).then((v) => ((committed = true), v));
    const count = groupedCount(h.appDb, async (trx) => (await sql`insert into group_probe (v) values (30)`.execute(trx), 30)).then((v) => ({ v, committed }));
    // SQLite: the count runs after the unit queued before it, in the same group, and is told
    // at once. PostgreSQL: the count is a statement of its own, told when it is done.
    const told = await count;
    expect(told.v).toBe(30);
    if (dialect === 'sqlite') expect(told.committed).toBe(false);
    expect(await later).toBe(31);
    expect((await stored()).filter((v) => v >= 30)).toEqual([30, 31]);
    await sql`delete from group_probe where v >= 30`.execute(h.appDb);
  });

  it('a count in a group that runs again is made once: the failed run is undone, its caller keeps what it was told', async () => {
    // The count adds the next number from 1000 on: made twice, it would leave 1000 and 1001.
    const next = groupedCount(h.appDb, async (trx) => {
      const r = await sql<{ v: number }>`insert into group_probe (v) select coalesce(max(v), 999) + 1 from group_probe where v >= 1000 returning v`.execute(
        trx,
      );
      return Number(r.rows[0].v);
    });
    const results = await Promise.allSettled([put(40), next, put(40)]); // the duplicate makes the group run again with savepoints
    const statuses = results.map((r) => r.status);
    if (dialect === 'sqlite') expect(statuses).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    else expect(statuses.sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await next).toBe(1000);
    expect((await stored()).filter((v) => v >= 40)).toEqual([40, 1000]);
    await sql`delete from group_probe where v >= 40`.execute(h.appDb);
  });

  it('creates sent together, public and by staff, all land with their own numbers, counters and history', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const admin = await login(h.app, 'admin');
    const repair = (await h.db.selectFrom('applications').select('id').where('app_key', '=', key).executeTakeFirstOrThrow()).id;
    const before = await countOrders(h);
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key) })),
      ...Array.from({ length: 4 }, () =>
        call(h.app, 'POST', '/admin/Work/add', {
          token: admin,
          payload: { company_id: h.property, application_id: repair, ...repairSubmission(key), app_key: undefined },
        }),
      ),
      // Refused by the form's rules before any transaction: creates nothing, stops nothing.
      call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key, { location: '' }) }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(14).fill(200), 400]);
    const numbers = new Set(replies.slice(0, 14).map((r) => r.body.data.order_no));
    expect(numbers.size).toBe(14);
    expect(await countOrders(h)).toBe(before + 14);
    const ids = replies.slice(0, 14).map((r) => r.body.data.id as number);
    const records = await h.db
      .selectFrom('work_order_records')
      .select('work_order_id')
      .where('work_order_id', 'in', ids)
      .where('action', '=', 'create')
      .execute();
    expect(records.length).toBe(14);
    const list = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, pageSize: 1 } });
    const counts = await call(h.app, 'GET', '/admin/Work/pendingNumber', { token: admin, payload: { company_id: h.property } });
    expect(counts.status).toBe(200);
    expect(list.body.data.totalCount).toBe(counts.body.data.total);
  });
});

describe('compiled queries in a group (on SQLite run on the connection directly: db/sqlite-direct.ts)', () => {
  const insert = (trx: Db, v: number) => trx.executeQuery(sql`insert into group_probe (v) values (${v})`.compile(trx));
  const read = (trx: Db, v: number) => trx.executeQuery(sql<{ v: number }>`select v from group_probe where v = ${v}`.compile(trx));

  it('answer as Kysely does: rows read, rows written; a unit reads what an earlier unit of its group wrote; a refused one fails alone', async () => {
    const [first, second, duplicate] = await Promise.allSettled([
      groupedTransaction(h.appDb, async (trx) => Number((await insert(trx, 30)).numAffectedRows)),
      groupedTransaction(h.appDb, async (trx) => (await insert(trx, 31), (await read(trx, 30)).rows.map((r) => Number(r.v)))),
      groupedTransaction(h.appDb, (trx) => insert(trx, 30)),
    ]);
    // SQLite runs a group's units in arrival order. On PostgreSQL each unit is its own
    // transaction: whichever of the two 30s commits first wins, and the second sees it only then.
    if (dialect === 'sqlite') {
      expect(first).toEqual({ status: 'fulfilled', value: 1 });
      expect(second).toEqual({ status: 'fulfilled', value: [30] });
      expect(duplicate.status).toBe('rejected');
    } else {
      expect(second.status).toBe('fulfilled');
      expect([first.status, duplicate.status].sort()).toEqual(['fulfilled', 'rejected']);
    }
    expect((await stored()).filter((v) => v >= 30)).toEqual([30, 31]);
    await sql`delete from group_probe where v >= 30`.execute(h.appDb);
  });

  it('are refused once the group has committed, and write nothing then', async () => {
    let kept: Db | undefined;
    await groupedTransaction(h.appDb, (trx) => ((kept = trx), Promise.resolve()));
    // Kysely's transaction throws at once, the direct way rejects: either is a refusal.
    await expect(Promise.resolve().then(() => insert(kept!, 40))).rejects.toThrow();
    expect(await stored()).not.toContain(40);
  });
});
