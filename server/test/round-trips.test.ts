/**
 * Statements a hot read sends to PostgreSQL once warm (docs/design.md, "Assumed epoch" and
 * "One statement a detail"): the list's page, an order's detail with its history, and the
 * reminder's count each carry the auth epoch, so each is one round trip; every round trip is
 * some 0.1 ms of CPU on this machine between the server and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dialect, login, recordSentStatements, setup, type Harness } from './helper.ts';

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

  /** The statements one call sent, after the same call once to warm the caches. */
  async function statementsOf(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>) {
    expect((await call(h.app, method, path, { token, payload })).body.code).toBe(200);
    recording.sent.length = 0;
    const r = await call(h.app, method, path, { token, payload });
    expect(r.body.code).toBe(200);
    return { texts: [...recording.sent], data: r.body.data as Record<string, unknown> };
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
