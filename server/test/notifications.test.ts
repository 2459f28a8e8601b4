/**
 * In-app notifications and notification settings (docs/design.md, "Notifications"): who
 * is notified of which work-order change, in its transaction; preferences; marking read
 * (own rows only); isolation between companies; the settings call and its log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, login, setup, type Harness } from './helper.ts';
import { applicationId, cast, orderIn, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

interface Item {
  id: number;
  event: string;
  work_order_id: number;
  order_no: string;
  title: string;
  read_at: string | null;
}

async function inbox(token: string, company = h.property) {
  const r = await call<{ data: Item[]; totalCount: number; unread: number }>(h.app, 'GET', '/account/notifications', {
    token,
    payload: { company_id: company, pageSize: 100 },
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** Rows written for `orderId`, as (username, event). */
async function rowsOf(orderId: number) {
  const rows = await h.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['u.username', 'n.event'])
    .where('n.work_order_id', '=', orderId)
    .orderBy('n.id')
    .execute();
  return rows.map((r) => `${r.username}:${r.event}`);
}

async function assign(token: string, ids: number[], staffId: number) {
  const r = await call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', { token, payload: { company_id: h.property, ids, staff_id: staffId } });
  expect(r.status).toBe(200);
  expect(r.body.data.results.every((x: { ok: boolean }) => x.ok)).toBe(true);
}

async function step(token: string, path: string, id: number, extra: object = {}) {
  const r = await call(h.app, 'POST', path, { token, payload: { company_id: h.property, id, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const ALL_ON = { assigned: true, review: true, rejected: true, completed: true, awaiting: true };
const setPrefs = (token: string, prefs: object) => call(h.app, 'POST', '/account/notification-settings', { token, payload: { ...ALL_ON, ...prefs } });

/** An order of the repair application created by the dispatcher (wangfang) through Work/add. */
async function dispatcherOrder(): Promise<number> {
  const r = await call(h.app, 'POST', '/admin/Work/add', {
    token: c.dispatcher,
    payload: {
      company_id: h.property,
      application_id: await applicationId(h, '业主报修'),
      form_data: { location: '1栋101', repair_type: '1', description: '灯不亮', urgency: '1' },
      requester_name: '通知',
      requester_phone: '13600000001',
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as number;
}

describe('who is notified', () => {
  it('assign notifies the new handler once, never the actor', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const before = (await inbox(c.handler)).unread;
    await assign(c.dispatcher, [id], c.staffId.zhangwei);
    const mine = await inbox(c.handler);
    expect(mine.unread).toBe(before + 1);
    const order = await h.db.selectFrom('work_orders').select(['order_no', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(mine.data[0]).toMatchObject({ event: 'assigned', work_order_id: id, order_no: order.order_no, title: order.title, read_at: null });
    expect(await rowsOf(id)).toEqual(['zhangwei:assigned']);
    expect((await inbox(c.dispatcher)).data.filter((n) => n.work_order_id === id)).toEqual([]);
  });

  it('reassign notifies the new handler; claiming notifies nobody', async () => {
    const id = await orderIn(h, c, 'unassigned');
    await step(c.handler, '/admin/Workorder/claim_work_order', id);
    expect(await rowsOf(id)).toEqual([]);
    await step(c.handler, '/admin/Workorder/work_order_reassign', id, { staff_id: c.staffId.liuqiang });
    expect(await rowsOf(id)).toEqual(['liuqiang:assigned']);
  });

  it('with the preference off, nothing is written for that person', async () => {
    expect((await setPrefs(c.handler, { assigned: false })).status).toBe(200);
    try {
      const id = await orderIn(h, c, 'unassigned');
      await assign(c.dispatcher, [id], c.staffId.zhangwei);
      expect(await rowsOf(id)).toEqual([]);
    } finally {
      await setPrefs(c.handler, {});
    }
  });

  it('a batch assign writes one notification per order', async () => {
    const ids = [await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'unassigned')];
    await assign(c.dispatcher, ids, c.staffId.liuqiang);
    for (const id of ids) expect(await rowsOf(id)).toEqual(['liuqiang:assigned']);
  });

  it('reject notifies the creator', async () => {
    const id = await dispatcherOrder();
    await step(c.admin, '/admin/Workorder/work_order_reject', id, { reason: '信息不全' });
    expect(await rowsOf(id)).toEqual(['wangfang:rejected']);
  });

  it('completion waiting for review notifies the reviewers (not the handler); the pass notifies the creator', async () => {
    const id = await dispatcherOrder();
    await assign(c.dispatcher, [id], c.staffId.zhangwei);
    await step(c.handler, '/admin/Workorder/work_order_complete', id, { note: '已修好' });
    // Reviewers: the administrators and the reviewer role (zhangwei handles it: never his review).
    expect(await rowsOf(id)).toEqual(['zhangwei:assigned', 'admin:review', 'super:review', 'yangmin:review']);
    expect((await inbox(c.reviewer)).data[0]).toMatchObject({ event: 'review', work_order_id: id });
    await step(c.reviewer, '/admin/Workorder/work_order_examine', id, { pass: 1 });
    expect((await rowsOf(id)).slice(4)).toEqual(['wangfang:completed']);
  });

  it('a reviewer whose data scope does not show the order is not told of it', async () => {
    await h.db.updateTable('roles').set({ data_scope: 'own' }).where('company_id', '=', h.property).where('name', '=', '审核员').execute();
    try {
      const id = await dispatcherOrder();
      await assign(c.dispatcher, [id], c.staffId.zhangwei);
      await step(c.handler, '/admin/Workorder/work_order_complete', id);
      expect(await rowsOf(id)).toEqual(['zhangwei:assigned', 'admin:review', 'super:review']);
    } finally {
      await h.db.updateTable('roles').set({ data_scope: 'company' }).where('company_id', '=', h.property).where('name', '=', '审核员').execute();
    }
  });

  it('an automatic dispatch at create notifies the handler it picked (the requester has no account)', async () => {
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: {
        app_key: await appKey(h.db, h.property, '门禁卡办理'),
        requester_name: '王先生',
        requester_phone: '13700000001',
        form_data: { room: '3栋2单元1502', kind: '1', identity: '1', quantity: 1 },
      },
    });
    expect(r.status).toBe(200);
    const rows = await rowsOf(r.body.data.id);
    expect(rows).toHaveLength(1);
    expect(['chenjing:assigned', 'zhaolei:assigned']).toContain(rows[0]);
  });

  it('a failed action writes nothing (same transaction)', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const r = await call(h.app, 'POST', '/admin/Workorder/work_order_reject', {
      token: c.dispatcher,
      payload: { company_id: h.property, id, reason: 'x', version: 999 },
    });
    expect(r.status).toBe(409);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('marking read', () => {
  it('marks own notifications only; another person’s id is 404 and stays unread', async () => {
    const id = await orderIn(h, c, 'unassigned');
    await assign(c.dispatcher, [id], c.staffId.liuqiang);
    const other = await orderIn(h, c, 'unassigned');
    await assign(c.dispatcher, [other], c.staffId.zhangwei);
    const mine = (await inbox(c.handler2)).data.find((n) => n.work_order_id === id)!;
    const theirs = (await inbox(c.handler)).data.find((n) => n.work_order_id === other)!;

    const before = (await inbox(c.handler2)).unread;
    const r = await call(h.app, 'POST', '/account/notifications/read', { token: c.handler2, payload: { company_id: h.property, ids: [mine.id] } });
    expect(r.status).toBe(200);
    expect(r.body.data.unread).toBe(before - 1);
    expect((await inbox(c.handler2)).data.find((n) => n.id === mine.id)!.read_at).not.toBeNull();

    const stolen = await call(h.app, 'POST', '/account/notifications/read', { token: c.handler2, payload: { company_id: h.property, ids: [theirs.id] } });
    expect(stolen.status).toBe(404);
    const mixed = await call(h.app, 'POST', '/account/notifications/read', {
      token: c.handler2,
      payload: { company_id: h.property, ids: [mine.id, theirs.id] },
    });
    expect(mixed.status).toBe(404);
    expect((await inbox(c.handler)).data.find((n) => n.id === theirs.id)!.read_at).toBeNull();

    const all = await call(h.app, 'POST', '/account/notifications/read', { token: c.handler2, payload: { company_id: h.property, all: true } });
    expect(all.body.data.unread).toBe(0);
    expect((await inbox(c.handler)).data.find((n) => n.id === theirs.id)!.read_at).toBeNull();
  });

  it('needs ids or all, not both and not neither', async () => {
    for (const payload of [{}, { ids: [1], all: true }, { ids: [] }, { ids: ['x'] }, { all: false }]) {
      const r = await call(h.app, 'POST', '/account/notifications/read', { token: c.handler, payload: { company_id: h.property, ...payload } });
      expect(r.status, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('company isolation', () => {
  it("another company's notifications are neither listed, counted nor marked", async () => {
    // admin works in both companies; an order of the IT company, created by admin and rejected by its dispatcher.
    const itApp = await h.db.selectFrom('applications').select('id').where('company_id', '=', h.it).where('name', '=', 'IT服务台').executeTakeFirstOrThrow();
    const created = await call(h.app, 'POST', '/admin/Work/add', {
      token: c.admin,
      payload: { company_id: h.it, application_id: itApp.id, form_data: {}, requester_name: 'IT', requester_phone: '13600002222' },
    });
    let itOrder: number;
    if (created.status === 200) {
      itOrder = created.body.data.id;
    } else {
      // The IT form may require fields: take an unassigned IT order and make admin its creator.
      const adminIt = await h.db
        .selectFrom('staff')
        .innerJoin('users', 'users.id', 'staff.user_id')
        .select('staff.id')
        .where('users.username', '=', 'admin')
        .where('staff.company_id', '=', h.it)
        .executeTakeFirstOrThrow();
      const o = await h.db.selectFrom('work_orders').select('id').where('company_id', '=', h.it).where('status', '=', 'unassigned').executeTakeFirstOrThrow();
      await h.db.updateTable('work_orders').set({ creator_staff_id: adminIt.id }).where('id', '=', o.id).execute();
      itOrder = o.id;
    }
    const qianlei = await login(h.app, 'qianlei');
    const rejected = await call(h.app, 'POST', '/admin/Workorder/work_order_reject', {
      token: qianlei,
      payload: { company_id: h.it, id: itOrder, reason: '重复' },
    });
    expect(rejected.status).toBe(200);
    const inIt = await inbox(c.admin, h.it);
    const note = inIt.data.find((n) => n.work_order_id === itOrder)!;
    expect(note).toMatchObject({ event: 'rejected', read_at: null });

    const inProperty = await inbox(c.admin, h.property);
    expect(inProperty.data.some((n) => n.id === note.id)).toBe(false);
    const propertyRows = await h.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', h.property)
      .where('read_at', 'is', null)
      .where('user_id', '=', (await h.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    expect(inProperty.unread).toBe(Number(propertyRows.n));

    const cross = await call(h.app, 'POST', '/account/notifications/read', { token: c.admin, payload: { company_id: h.property, ids: [note.id] } });
    expect(cross.status).toBe(404);
    await call(h.app, 'POST', '/account/notifications/read', { token: c.admin, payload: { company_id: h.property, all: true } });
    expect((await inbox(c.admin, h.it)).data.find((n) => n.id === note.id)!.read_at).toBeNull();
    expect((await inbox(c.admin, h.it)).unread).toBe(inIt.unread);
  });
});

describe('notification settings', () => {
  it('are all on by default, round-trip, and each change is logged without secrets', async () => {
    const viewer = await login(h.app, 'wuhao');
    const first = await call(h.app, 'GET', '/account/notification-settings', { token: viewer });
    expect(first.body.data).toEqual(ALL_ON);
    const next = { ...ALL_ON, review: false, awaiting: false };
    const saved = await call(h.app, 'POST', '/account/notification-settings', { token: viewer, payload: next });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(next);
    expect((await call(h.app, 'GET', '/account/notification-settings', { token: viewer })).body.data).toEqual(next);

    const log = await h.db
      .selectFrom('operation_logs')
      .innerJoin('users', 'users.id', 'operation_logs.user_id')
      .select(['operation_logs.module', 'operation_logs.action', 'operation_logs.detail', 'operation_logs.company_id'])
      .where('users.username', '=', 'wuhao')
      .where('operation_logs.action', '=', 'change_notifications')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ module: 'auth', company_id: null });
    expect(JSON.parse(log[0].detail)).toEqual({ before: ALL_ON, after: next });
    expect(log[0].detail).not.toMatch(/password|token|hash|secret/i);
  });

  it('refuse anything but booleans for every event (400 with the field)', async () => {
    const r = await call(h.app, 'POST', '/account/notification-settings', { token: c.viewer, payload: { ...ALL_ON, assigned: 'yes' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.errors)).toEqual(['assigned']);
    const missing = await call(h.app, 'POST', '/account/notification-settings', { token: c.viewer, payload: { assigned: true } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.errors).sort()).toEqual(['awaiting', 'completed', 'rejected', 'review']);
    expect((await call(h.app, 'POST', '/account/notification-settings', { payload: ALL_ON })).body.code).toBe(101);
  });
});
