/**
 * Live updates (docs/design.md, "Live updates"): the event stream of a signed-in member
 * passes on changes of orders they may see in the company they streamed for, notification
 * events to their recipients only, never another company's or an out-of-scope order's
 * event; it needs a token and membership; a logout ends it. Over real HTTP: the app
 * listens on a free port and fetch reads the stream.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, dialect, login, setup, submitRepair, type Harness } from './helper.ts';
import { openStream, orderEvent, type OpenedStream } from './live.ts';

let h: Harness;
let base: string;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  h = await setup({ liveHeartbeatMs: 200, livePollMs: 50 });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(() => h.close());

async function stream(companyId: number, token?: string): Promise<OpenedStream> {
  const s = await openStream(base, companyId, token);
  opened.push(s);
  return s;
}

/** An unassigned order of the company, claimed by `token` (an administrator there). */
async function claimOne(companyId: number, token: string): Promise<number> {
  const o = await h.db
    .selectFrom('work_orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 'unassigned')
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const r = await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token, payload: { company_id: companyId, id: o.id } });
  expect(r.status).toBe(200);
  return o.id;
}

async function staffId(username: string, companyId: number): Promise<number> {
  return (
    await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select('staff.id')
      .where('users.username', '=', username)
      .where('staff.company_id', '=', companyId)
      .executeTakeFirstOrThrow()
  ).id;
}

const setDispatcherScope = (scope: 'company' | 'own') =>
  h.db.updateTable('roles').set({ data_scope: scope }).where('company_id', '=', h.property).where('name', '=', '调度员').execute();

describe(`live updates (${dialect})`, () => {
  it('a member hears of a change of an order they see, made by someone else', async () => {
    const s = await stream(h.property, await login(h.app, 'wangfang'));
    const order = await submitRepair(h);
    await s.until(orderEvent(order.id));
    const claimed = await claimOne(h.property, await login(h.app, 'admin'));
    await s.until(orderEvent(claimed));
  });

  it("never passes on another company's events", async () => {
    const admin = await login(h.app, 'admin');
    const [property, it_] = [await stream(h.property, admin), await stream(h.it, admin)];
    const foreign = await claimOne(h.it, admin);
    await it_.until(orderEvent(foreign));
    // An event of the property company after it: once it arrived, the other would have too.
    const own = (await submitRepair(h)).id;
    await property.until(orderEvent(own));
    expect(property.events.some(orderEvent(foreign))).toBe(false);
    expect(it_.events.some(orderEvent(own))).toBe(false);
  });

  it('does not pass on a change of an order outside the data scope', async () => {
    await setDispatcherScope('own');
    try {
      const wangfang = await login(h.app, 'wangfang');
      const [s, admin] = [await stream(h.property, wangfang), await stream(h.property, await login(h.app, 'admin'))];
      const hidden = (await submitRepair(h)).id;
      await admin.until(orderEvent(hidden));
      // Then one she sees (her own): delivered after the hidden one.
      const created = await call(h.app, 'POST', '/admin/Work/add', {
        token: wangfang,
        payload: {
          company_id: h.property,
          application_id: (
            await h.db.selectFrom('applications').select('id').where('company_id', '=', h.property).where('name', '=', '业主报修').executeTakeFirstOrThrow()
          ).id,
          form_data: { location: '1栋1单元101', repair_type: '1', description: '门铃坏了', urgency: '1' },
          requester_name: '测试',
          requester_phone: '13600000000',
        },
      });
      expect(created.status).toBe(200);
      await s.until(orderEvent(created.body.data.id as number));
      expect(s.events.some(orderEvent(hidden))).toBe(false);
    } finally {
      await setDispatcherScope('company');
    }
  });

  it('sends a notification event to its recipient only', async () => {
    const [zhangwei, liuqiang, admin] = [await login(h.app, 'zhangwei'), await login(h.app, 'liuqiang'), await login(h.app, 'admin')];
    const [to, other, watcher] = [await stream(h.property, zhangwei), await stream(h.property, liuqiang), await stream(h.property, admin)];
    const order = await submitRepair(h);
    const r = await call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
      token: await login(h.app, 'wangfang'),
      payload: { company_id: h.property, ids: [order.id], staff_id: await staffId('zhangwei', h.property) },
    });
    expect(r.body.data.results[0].ok).toBe(true);
    await to.until((e) => e.event === 'notification');
    await to.until(orderEvent(order.id));
    await watcher.until(orderEvent(order.id));
    // Both events of the assignment have reached the others by now (they came in one delivery).
    await other.until(() => true);
    expect(other.events.some((e) => e.event === 'notification')).toBe(false);
    expect(watcher.events.some((e) => e.event === 'notification')).toBe(false);
  });

  it('needs a token (101) and membership of the company', async () => {
    const none = await openStream(base, h.property);
    expect([none.status, none.body?.code]).toEqual([401, 101]);
    const stale = await openStream(base, h.property, 'not-a-token');
    expect(stale.body?.code).toBe(101);
    const outsider = await openStream(base, h.it, await login(h.app, 'wangfang'));
    expect(outsider.status).toBe(403);
  });

  it('ends at logout', async () => {
    const token = await login(h.app, 'wangfang');
    const s = await stream(h.property, token);
    expect((await call(h.app, 'POST', '/auth/logout', { token })).body.code).toBe(200);
    await expect(Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).resolves.toBe('ended');
  });

  it('ends when the member is disabled, even on a delivery before the heartbeat', async () => {
    const token = await login(h.app, 'wuhao');
    const s = await stream(h.property, token);
    const r = await call(h.app, 'POST', '/admin/Staff/update', {
      token: await login(h.app, 'admin'),
      payload: { company_id: h.property, id: await staffId('wuhao', h.property), status: 0 },
    });
    expect(r.status).toBe(200);
    await expect(Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).resolves.toBe('ended');
    expect(s.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });
});
