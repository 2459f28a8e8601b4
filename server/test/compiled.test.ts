/**
 * Queries compiled once (db/compiled.ts): the text is built a single time per dialect, the
 * values are new on every run, on the app's handle and inside a transaction; a value the
 * query does not send as a parameter is refused rather than kept from the first run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyId } from '@swo/contract';
import { compiledOnce } from '../src/db/compiled.ts';
import { setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

const companyName = compiledOnce((db, v: { id: CompanyId }) => db.selectFrom('companies').select('name').where('id', '=', v.id));

describe('compiledOnce', () => {
  it('runs with the values of each call, on the handle and in a transaction', async () => {
    const names = await h.db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
    expect(names.length).toBeGreaterThan(1);
    for (const c of names) {
      const r = await h.appDb.executeQuery(companyName(h.appDb, { id: c.id as CompanyId }));
      expect(r.rows).toEqual([{ name: c.name }]);
    }
    const inTrx = await h.appDb.transaction().execute(async (trx) => (await trx.executeQuery(companyName(trx, { id: names[1].id as CompanyId }))).rows);
    expect(inTrx).toEqual([{ name: names[1].name }]);
    const first = companyName(h.appDb, { id: names[0].id as CompanyId });
    const second = companyName(h.appDb, { id: names[1].id as CompanyId });
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual([names[1].id]);
  });

  it('refuses a value that did not become a parameter', () => {
    const careless = compiledOnce((db, v: { id: CompanyId; name: string }) => db.selectFrom('companies').select('id').where('id', '=', v.id));
    expect(() => careless(h.appDb, { id: h.property as CompanyId, name: 'x' })).toThrow(/name did not become a parameter/);
  });
});
