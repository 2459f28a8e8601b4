/** Separation of duties: who may receive an order, and that its handler does not review it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, setup, type Harness } from './helper.ts';
import { applicationId, cast, orderIn, perform, snapshot, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

const reassign = (token: string, id: number, staffId: number, lang = 'zh-CN') =>
  call(h.app, 'POST', '/admin/Workorder/work_order_reassign', { token, headers: { lang }, payload: { company_id: h.property, id, staff_id: staffId } });
const batchAssign = (token: string, ids: number[], staffId: number, lang = 'zh-CN') =>
  call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', { token, headers: { lang }, payload: { company_id: h.property, ids, staff_id: staffId } });

describe('who may receive an order', () => {
  it('reassign refuses staff neither bound to the application nor allowed to claim', async () => {
    const id = await orderIn(h, c, 'processing');
    const before = await snapshot(h, id);
    // yangmin (reviewer) and wuhao (plain staff): not bound to the repair application, no claim right.
    for (const who of ['yangmin', 'wuhao']) {
      const r = await reassign(c.dispatcher, id, c.staffId[who], 'en-US');
      expect(r.status, who).toBe(400);
      expect(r.body.msg).toMatch(/cannot receive it/);
      expect(Object.keys((r.body.data as { errors: object }).errors)).toEqual(['staff_id']);
    }
    expect(await snapshot(h, id)).toEqual(before);
    // Bound staff, and staff whose role may claim (chenjing is bound elsewhere only), may.
    expect((await reassign(c.dispatcher, id, c.staffId.liuqiang)).status).toBe(200);
    expect((await reassign(c.dispatcher, id, c.staffId.chenjing)).status).toBe(200);
  });

  it('binding a staff member to the application lets them receive its orders', async () => {
    const id = await orderIn(h, c, 'processing');
    expect((await reassign(c.dispatcher, id, c.staffId.wuhao)).status).toBe(400);
    await h.db
      .insertInto('application_staff')
      .values({ company_id: h.property, application_id: await applicationId(h, '业主报修'), staff_id: c.staffId.wuhao })
      .execute();
    expect((await reassign(c.dispatcher, id, c.staffId.wuhao)).status).toBe(200);
    expect((await snapshot(h, id)).handler_id).toBe(c.staffId.wuhao);
    await h.db.deleteFrom('application_staff').where('staff_id', '=', c.staffId.wuhao).execute();
  });

  it('batch assign refuses such staff per item, with the reason', async () => {
    const ids = [await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'unassigned')];
    const r = await batchAssign(c.dispatcher, ids, c.staffId.yangmin);
    expect(r.status).toBe(200);
    for (const item of r.body.data.results) {
      expect(item).toMatchObject({ ok: false, code: 400 });
      expect(item.msg).toMatch(/不能接收此工单/);
    }
    for (const id of ids) expect((await snapshot(h, id)).status).toBe('unassigned');
    const ok = await batchAssign(c.dispatcher, ids, c.staffId.zhangwei);
    expect(ok.body.data.results.every((x: { ok: boolean }) => x.ok)).toBe(true);
  });
});

describe('the handler does not review', () => {
  it('the handler of an order cannot examine it, even as an administrator; another reviewer can', async () => {
    const created = await call(h.app, 'POST', '/admin/Work/add', {
      token: c.admin,
      payload: {
        company_id: h.property,
        application_id: await applicationId(h, '业主报修'),
        form_data: { location: '1栋', repair_type: '1', description: '漏水', urgency: '1' },
        requester_name: '测试',
        requester_phone: '13600000000',
      },
    });
    const id = created.body.data.id as number;
    expect((await perform(h, c, c.admin, 'claim', id)).status).toBe(200);
    expect((await perform(h, c, c.admin, 'complete', id)).status).toBe(200);
    const details = async (token: string) =>
      (await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: h.property, id } })).body.data
        .allowed_actions as string[];
    expect(await details(c.admin)).not.toContain('examine_pass');
    for (const action of ['examine_pass', 'examine_fail'] as const) {
      const r = await call(h.app, 'POST', '/admin/Workorder/work_order_examine', {
        token: c.admin,
        headers: { lang: 'en-US' },
        payload: { company_id: h.property, id, pass: action === 'examine_pass' ? 1 : 0, reason: 'x' },
      });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe('The handler of an order cannot review it');
    }
    expect((await snapshot(h, id)).status).toBe('pending_review');
    expect(await details(c.reviewer)).toContain('examine_pass');
    expect((await perform(h, c, c.reviewer, 'examine_pass', id)).status).toBe(200);
  });
});
