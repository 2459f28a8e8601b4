/** Calls of one turn answered together (lib/turn-batch.ts), and a burst's answers in shares as on PostgreSQL (db/turn-batch-of.ts). */
import { describe, expect, it } from 'vitest';
import { MAX_MERGE as SHARE } from '../src/db/statement-merge.ts';
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

/**
 * 40 callers at once, each answered by `step1` going on to `step2`, as a public create goes
 * from its rate-limit hit to its application: the sizes of step 2's loads and how many
 * callers step 1 had answered when each was made.
 */
async function burst(share?: number) {
  let answered = 0;
  const first = counted();
  const next = counted(() => answered);
  const step1 = turnBatch(first.load, (k: string) => k, { share });
  const step2 = turnBatch(next.load, (k: string) => k, { share });
  const values = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const v = await step1('a');
      answered++;
      await step2('b');
      return v;
    }),
  );
  expect(first.loads.map((l) => l.n)).toEqual([40]);
  expect(values).toEqual(Array.from({ length: 40 }, (_, i) => i));
  return next.loads;
}

describe('turnBatch', () => {
  it('answers the calls of one turn from one load, each its own value', async () => {
    expect(await burst()).toEqual([{ n: 40, before: 40 }]);
  });

  it('in shares: a burst is answered in shares, each share reaching its next statement before the next share is answered', async () => {
    expect(await burst(SHARE)).toEqual([
      { n: SHARE, before: SHARE },
      { n: SHARE, before: 2 * SHARE },
      { n: 40 - 2 * SHARE, before: 40 },
    ]);
  });

  it('fails every call of a load that fails, in shares or not', async () => {
    for (const share of [undefined, SHARE]) {
      const batched = turnBatch(
        () => Promise.reject(new Error('down')),
        (k: string) => k,
        { share },
      );
      const settled = await Promise.allSettled(Array.from({ length: 20 }, () => batched('a')));
      expect(settled.map((s) => s.status)).toEqual(Array(20).fill('rejected'));
    }
  });
});
