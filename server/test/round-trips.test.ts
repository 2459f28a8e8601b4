/**
 * Statements a hot read sends to PostgreSQL once warm (docs/design.md, "Assumed epoch", "One
 * statement a detail" and "Reads kept while nothing changes"): the list's page, an order's
 * detail with its history, and the reminder's count each carry the auth epoch; read again
 * with nothing written, each is only the change stamp's statement; after a write, the stamp
 * and the read's one statement. A keyword search is one statement too (docs/design.md,
 * "Keyword search"). Every round trip is some 0.1 ms of CPU on this machine between the
 * server and PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dialect, login, recordSentStatements, setup, withinTries, type Harness } from './helper.ts';

describe.skipIf(dialect !== 'postgres')('round trips of the hot reads (PostgreSQL)', () => {
  let h: Harness;
  let token: string;
  let recording: ReturnType<typeof recordSentStatements>;

  beforeAll(async () => {
    recording = recordSentStatements();
    h = await setup();
    token = await login(h.app, 'admin');
  });
  afterAll(async () => {
    recording.restore();
    await h.close();
  });

  /**
   * The statements one call sent, after the same call once to warm the caches, and after a
   * write when `written` (so nothing kept is served).
   */
  async function statementsOf(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>, written = false) {
    expect((await call(h.app, method, path, { token, payload })).body.code).toBe(200);
    if (written) await sql`select txid_current()`.execute(h.db); // a transaction that ends, changing no answer
    recording.sent.length = 0;
    const r = await call(h.app, method, path, { token, payload });
    expect(r.body.code).toBe(200);
    return { texts: [...recording.sent], data: r.body.data as Record<string, unknown> };
  }

  const calls = [
    ['GET', '/admin/Workorder/list', { pageNo: 1, pageSize: 20 }],
    ['GET', '/admin/Workorder/work_order_details', {}],
    ['POST', '/admin/Work/allDaiNumber', {}],
  ] as const;
  const isStamp = (text: string) => text.includes('pg_current_snapshot()');

  it('list page, detail with its history, and the reminder each send the stamp, then one statement after a write', async () => {
    const company = h.property;
    const first = await statementsOf('GET', '/admin/Workorder/list', { company_id: company, pageNo: 1, pageSize: 20 });
    const order = (first.data.data as { id: number }[])[0];
    for (const [method, path, extra] of calls) {
      const payload = { company_id: company, ...(path.endsWith('details') ? { id: order.id } : {}), ...extra };
      // Another database's test ending a transaction between two calls makes a miss (helper.ts `withinTries`).
      const unchanged = await withinTries(
        () => statementsOf(method, path, payload),
        (u) => u.texts.length === 1,
        11,
      );
      expect(unchanged.texts).toHaveLength(1);
      expect(isStamp(unchanged.texts[0])).toBe(true);
      const changed = await statementsOf(method, path, payload, true);
      expect(changed.texts).toHaveLength(2);
      expect(isStamp(changed.texts[0])).toBe(true);
      expect(isStamp(changed.texts[1])).toBe(false);
      expect(changed.data).toEqual(unchanged.data);
      if (path.endsWith('details')) expect((changed.data.records as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('a keyword search sends one statement with the auth epoch, on a first page, a deep one and a status tab; a page past the end counts alone', async () => {
    // The company's commonest Chinese term (a Latin word last in a keyword is also a prefix),
    // in at least 7 orders: page 7 of pages of one is deep (list-repo.ts LITERAL_PAGES).
    const { term } = (
      await sql<{ term: string }>`select term from work_order_terms where company_id = ${h.property}
        and octet_length(term) > char_length(term) group by term having count(*) >= 7 order by count(*) desc, term limit 1`.execute(h.db)
    ).rows[0];
    const page = (pageNo: number) => statementsOf('GET', '/admin/Workorder/list', { company_id: h.property, keyword: term, pageNo, pageSize: 1 });
    const first = await page(1);
    const deep = await page(7);
    for (const p of [first, deep]) {
      expect(p.texts).toHaveLength(1);
      expect(p.texts[0]).toContain('auth_epoch');
      expect((p.data.data as unknown[]).length).toBe(1);
      expect(p.data.totalCount).toBe(first.data.totalCount);
    }
    expect(first.data.totalCount).toBeGreaterThanOrEqual(7);
    // With a status tab (the matches joined to the tab's orders) as well.
    const { status } = (
      await sql<{ status: string }>`select w.status from work_order_terms t join work_orders w on w.id = t.work_order_id
        where t.company_id = ${h.property} and t.term = ${term} order by w.id desc limit 1`.execute(h.db)
    ).rows[0];
    const tab = await statementsOf('GET', '/admin/Workorder/list', { company_id: h.property, keyword: term, status, pageSize: 1 });
    expect(tab.texts).toHaveLength(1);
    expect(tab.texts[0]).toContain('auth_epoch');
    expect((tab.data.data as { status: string }[]).map((o) => o.status)).toEqual([status]);
    const past = await page(1000);
    expect(past.texts).toHaveLength(2);
    expect(past.data.data).toEqual([]);
    expect(past.data.totalCount).toBe(first.data.totalCount);
  });
});
