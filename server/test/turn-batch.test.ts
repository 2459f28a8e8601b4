/** Calls of one turn answered together (lib/turn-batch.ts), and a burst's answers in shares, sized for the database (db/turn-batch-of.ts). */
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { MAX_MERGE } from '../src/db/statement-merge.ts';
import { dbTurnBatch } from '../src/db/turn-batch-of.ts';
import { turnBatch } from '../src/lib/turn-batch.ts';

/** A load answering `n` calls with their places; `loads` records each load's size and `before()` at its call. */
function counted(before: () => number = () => 0) {
  const loads: { n: number; before: number }[] = [];
  const load = (_key: string, n: number) => {
    loads.push({ n, before: before() });
    return Promise.resolve(Array.from({ length: n }, (_, i) => i));
  };
  return { loads, load };
}

/** Makes a batched call of a load (turnBatch or dbTurnBatch, with its options). */
type Batching = (load: (key: string, n: number) => Promise<number[]>) => (key: string) => Promise<number>;

/**
 * `callers` at once, each answered by step 1 going on to step 2, as a public create goes
 * from its rate-limit hit to its application: the sizes of step 2's loads and how many
 * callers step 1 had answered when each was made.
 */
async function burst(batching: Batching, callers = 40) {
  let answered = 0;
  const first = counted();
  const next = counted(() => answered);
  const step1 = batching(first.load);
  const step2 = batching(next.load);
  const values = await Promise.all(
    Array.from({ length: callers }, async () => {
      const v = await step1('a');
      answered++;
      await step2('b');
      return v;
    }),
  );
  expect(first.loads.map((l) => l.n)).toEqual([callers]);
  expect(values).toEqual(Array.from({ length: callers }, (_, i) => i));
  return next.loads;
}

const inShares =
  (share?: number): Batching =>
  (load) =>
    turnBatch(load, (k) => k, { share });

describe('turnBatch', () => {
  it('answers the calls of one turn from one load, each its own value', async () => {
    expect(await burst(inShares())).toEqual([{ n: 40, before: 40 }]);
  });

  it('in shares: a burst is answered in shares, each share reaching its next statement before the next share is answered', async () => {
    expect(await burst(inShares(16))).toEqual([
      { n: 16, before: 16 },
      { n: 16, before: 32 },
      { n: 8, before: 40 },
    ]);
  });

  it('fails every call of a load that fails, in shares or not', async () => {
    for (const share of [undefined, 16]) {
      const batched = inShares(share)(() => Promise.reject(new Error('down')));
      const settled = await Promise.allSettled(Array.from({ length: 20 }, () => batched('a')));
      expect(settled.map((s) => s.status)).toEqual(Array(20).fill('rejected'));
    }
  });

  it('sized for the database: shares of a merged commit on PostgreSQL, the whole burst at once on SQLite', async () => {
    // Neither database is reached: the dialect alone decides.
    const postgres = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
    const sqlite = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const callers = 2 * MAX_MERGE + 1;
    try {
      expect(await burst((load) => dbTurnBatch(postgres, load, (k) => k), callers)).toEqual([
        { n: MAX_MERGE, before: MAX_MERGE },
        { n: MAX_MERGE, before: 2 * MAX_MERGE },
        { n: 1, before: callers },
      ]);
      expect(await burst((load) => dbTurnBatch(sqlite, load, (k) => k), callers)).toEqual([{ n: callers, before: callers }]);
    } finally {
      await Promise.all([postgres.destroy(), sqlite.destroy()]);
    }
  });
});
