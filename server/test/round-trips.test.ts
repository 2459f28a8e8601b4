/**
 * Statements a hot read sends to PostgreSQL once warm (docs/design.md, "Assumed epoch" and
 * "One statement a detail"): the list's page, an order's detail with its history, and the
 * reminder's count each carry the auth epoch, so each is one round trip; every round trip is
 * some 0.1 ms of CPU on this machine between the server and PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dialect, login, setup, type Harness } from './helper.ts';

describe.skipIf(dialect !== 'postgres')('round trips of the hot reads (PostgreSQL)', () => {
  let h: Harness;
  let token: string;
  const sent: string[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied below with its client as `this`
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    // Before the pool's first client: the connection wrapper binds the client's query.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (text) sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    h = await setup();
    token = await login(h.app, 'admin');
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await h.close();
  });

  /** The statements one call sent, after the same call once to warm the caches. */
  async function statementsOf(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>) {
    expect((await call(h.app, method, path, { token, payload })).body.code).toBe(200);
    sent.length = 0;
    const r = await call(h.app, method, path, { token, payload });
    expect(r.body.code).toBe(200);
    return { texts: [...sent], data: r.body.data as Record<string, unknown> };
  }

  it('list page, detail with its history, and the reminder each send one statement', async () => {
    const company = h.property;
    const listed = await statementsOf('GET', '/admin/Workorder/list', { company_id: company, pageNo: 1, pageSize: 20 });
    expect(listed.texts).toHaveLength(1);
    const order = (listed.data.data as { id: number }[])[0];
    const detail = await statementsOf('GET', '/admin/Workorder/work_order_details', { company_id: company, id: order.id });
    expect(detail.texts).toHaveLength(1);
    expect((detail.data.records as unknown[]).length).toBeGreaterThan(0);
    const awaiting = await statementsOf('POST', '/admin/Work/allDaiNumber', { company_id: company });
    expect(awaiting.texts).toHaveLength(1);
  });
});
