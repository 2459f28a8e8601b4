import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, repairSubmission, setup, submitRepair, type Harness } from './helper.ts';
import { cast, perform, type Cast } from './orders.ts';
import { newToken, sha256 } from '../src/lib/crypto.ts';
import { identKey, newIdent } from '../src/modules/requester/ident.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

const see = (ident: string, id?: number) => call(h.app, 'GET', '/admin/Applet/applet_work_order_see', { payload: id ? { ident, id } : { ident } });

describe('requester portal', () => {
  it('an ident sees its own orders, with a public timeline without internal notes', async () => {
    const first = await submitRepair(h);
    const key = await appKey(h.db, h.property, '业主报修');
    const second = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { ...repairSubmission(key), ident: first.ident } });
    expect(second.body.data.ident).toBe(first.ident);
    const list = await see(first.ident);
    expect(list.body.data.map((o: { id: number }) => o.id)).toEqual([second.body.data.id, first.id]);
    await perform(h, c, c.handler, 'claim', first.id);
    await perform(h, c, c.handler, 'note', first.id);
    const view = await see(first.ident, first.id);
    expect(view.body.data.status).toBe('processing');
    expect(view.body.data.timeline.map((t: { action: string }) => t.action)).toEqual(['create', 'claim']);
    expect(JSON.stringify(view.body.data)).not.toContain('内部备注');
    expect(JSON.stringify(view.body.data)).not.toContain('13811110003'); // no staff phone numbers
  });

  it('creates arriving together are each an order of their own, with their own number and requester', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => submitRepair(h)));
    expect(new Set(made.map((m) => m.id)).size).toBe(6);
    expect(new Set(made.map((m) => m.order_no)).size).toBe(6);
    expect(new Set(made.map((m) => m.ident)).size).toBe(6);
    for (const m of made) {
      const view = await see(m.ident, m.id);
      expect(view.body.data).toMatchObject({ id: m.id, order_no: m.order_no, status: 'unassigned' });
    }
  });

  it('an ident handed out before idents carried their time still finds its orders, and keeps working', async () => {
    const o = await submitRepair(h);
    // An ident of before: a bare token, stored as its hex SHA-256 (requester/ident.ts).
    const old = newToken();
    const row = await h.db.selectFrom('work_orders').select('requester_id').where('id', '=', o.id).executeTakeFirstOrThrow();
    await h.db
      .updateTable('requesters')
      .set({ ident_hash: sha256(old) })
      .where('id', '=', row.requester_id)
      .execute();
    expect((await see(o.ident)).status).toBe(404);
    expect((await see(old, o.id)).body.data).toMatchObject({ id: o.id, status: 'unassigned' });
    const key = await appKey(h.db, h.property, '业主报修');
    const again = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { ...repairSubmission(key), ident: old } });
    expect(again.body.data.ident).toBe(old);
    expect((await see(old)).body.data.map((x: { id: number }) => x.id)).toEqual([again.body.data.id, o.id]);
  });

  it("a new ident's stored key is its time and a hash, after every key of before in the index's order", async () => {
    const o = await submitRepair(h);
    expect(o.ident).toMatch(/^[0-9a-z]{8}\.[A-Za-z0-9_-]{43}$/);
    const keys = await h.db.selectFrom('requesters').select('ident_hash').execute();
    const stored = keys.map((k) => k.ident_hash);
    expect(stored).toContain(identKey(o.ident));
    expect(identKey(o.ident)).not.toContain(o.ident.slice(9)); // the secret itself is not stored
    expect(identKey(o.ident) > 'f'.repeat(64)).toBe(true);
    expect(identKey(newIdent(Date.now() + 1000)) > identKey(o.ident)).toBe(true);
  });

  it("another ident's order looks exactly like a missing one", async () => {
    const mine = await submitRepair(h);
    const theirs = await submitRepair(h);
    const a = await see(mine.ident, theirs.id);
    const b = await see(mine.ident, 999999);
    expect(a.status).toBe(404);
    expect(a.body).toEqual(b.body);
    expect((await see('x'.repeat(40))).status).toBe(404);
    const w = await call(h.app, 'GET', '/admin/Work/withdraw', { payload: { id: theirs.id, ident: mine.ident } });
    expect(w.status).toBe(404);
  });

  it('a rejected order is edited and resubmitted through editWorkNew; the reason shows until then', async () => {
    const o = await submitRepair(h);
    await perform(h, c, c.dispatcher, 'reject', o.id);
    const rejected = await see(o.ident, o.id);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '不属于服务范围' });
    const form = { location: '9栋1单元101', repair_type: '4', description: '补充：是楼道公共水管', urgency: '2' };
    const bad = await call(h.app, 'POST', '/home/Work_Create/editWorkNew', { payload: { ident: o.ident, id: o.id, form_data: { ...form, location: '' } } });
    expect(bad.status).toBe(400);
    const r = await call(h.app, 'POST', '/home/Work_Create/editWorkNew', { payload: { ident: o.ident, id: o.id, form_data: form } });
    expect(r.body.data).toEqual({ id: o.id, status: 'unassigned' });
    const view = await see(o.ident, o.id);
    expect(view.body.data.form_data.description).toBe('补充：是楼道公共水管');
    expect(view.body.data.reason).toBeNull();
    expect(view.body.data.timeline.map((t: { action: string }) => t.action)).toEqual(['create', 'reject', 'resubmit']);
    const again = await call(h.app, 'POST', '/home/Work_Create/editWorkNew', { payload: { ident: o.ident, id: o.id, form_data: form } });
    expect(again.status).toBe(409); // only rejected orders can be edited
  });

  it('the requester withdraws an unassigned order, but not one in progress', async () => {
    const o = await submitRepair(h);
    expect((await call(h.app, 'GET', '/admin/Work/withdraw', { payload: { id: o.id, ident: o.ident } })).status).toBe(200);
    expect((await see(o.ident, o.id)).body.data.status).toBe('withdrawn');
    const busy = await submitRepair(h);
    await perform(h, c, c.handler, 'claim', busy.id);
    expect((await call(h.app, 'GET', '/admin/Work/withdraw', { payload: { id: busy.id, ident: busy.ident } })).status).toBe(409);
    // The ident decides even when the browser also sends a staff token.
    const third = await submitRepair(h);
    const both = await call(h.app, 'GET', '/admin/Work/withdraw', { token: c.handler, payload: { id: third.id, ident: third.ident } });
    expect(both.status).toBe(200);
    // Without ident or token: not signed in.
    expect((await call(h.app, 'GET', '/admin/Work/withdraw', { payload: { id: busy.id } })).body.code).toBe(101);
  });

  it('a resubmitted order of an automatic template is dispatched again', async () => {
    const key = await appKey(h.db, h.property, '门禁卡办理');
    const form = { room: '3栋2单元1502', kind: '1', identity: '1', quantity: 1 };
    const o = (
      await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
        payload: { app_key: key, requester_name: '王', requester_phone: '13700000001', form_data: form },
      })
    ).body.data;
    await perform(h, c, c.admin, 'reject', o.id);
    await call(h.app, 'POST', '/home/Work_Create/editWorkNew', { payload: { ident: o.ident, id: o.id, form_data: { ...form, quantity: 2 } } });
    const detail = await call(h.app, 'GET', '/admin/Work/detail', { token: c.admin, payload: { company_id: h.property, id: o.id } });
    expect(detail.body.data.status).toBe('processing');
    expect(detail.body.data.records.map((r: { action: string }) => r.action)).toEqual(['create', 'dispatch', 'reject', 'edit', 'resubmit', 'dispatch']);
  });

  it('automatic dispatch balances the load over the bound staff', async () => {
    const key = await appKey(h.db, h.it, '账号权限申请');
    const form = { systems: ['1'], level: '1', reason: '新员工入职', effective_on: '2026-12-01', days: 30 };
    const handlers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const o = (
        await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
          payload: { app_key: key, requester_name: '新员工', requester_phone: '13700000002', form_data: form },
        })
      ).body.data;
      const row = await h.db
        .selectFrom('work_orders as w')
        .innerJoin('staff as s', 's.id', 'w.handler_id')
        .select('s.name')
        .where('w.id', '=', o.id)
        .executeTakeFirstOrThrow();
      handlers.push(row.name);
    }
    // Both bound handlers receive orders; neither gets all four.
    expect(new Set(handlers)).toEqual(new Set(['郭倩', '徐涛']));
  });
});
