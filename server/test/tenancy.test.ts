import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, submitRepair, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

describe('isolation between companies', () => {
  it('an order of the other company is 404 through every work-order route, and unchanged', async () => {
    const { id } = await submitRepair(h); // belongs to the property company
    // admin is administrator in both companies, so only the company scope separates them.
    const admin = await login(h.app, 'admin');
    const other = { company_id: h.it, id };
    const tries = await Promise.all([
      call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: other }),
      call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: admin, payload: other }),
      call(h.app, 'POST', '/admin/Workorder/work_order_complete', { token: admin, payload: other }),
    ]);
    for (const r of tries) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(404);
    }
    const list = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.it, pageSize: 100 } });
    expect(list.body.data.data.some((o: { id: number }) => o.id === id)).toBe(false);
    const order = await h.db.selectFrom('work_orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'unassigned', version: 1 });
  });

  it('lists, counts and applications hold only the current company', async () => {
    const admin = await login(h.app, 'admin');
    const list = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.it, pageSize: 100 } });
    const ids = list.body.data.data.map((o: { id: number }) => o.id);
    const owners = await h.db.selectFrom('work_orders').select('company_id').where('id', 'in', ids).execute();
    expect(owners.every((o) => o.company_id === h.it)).toBe(true);
    const apps = await call(h.app, 'GET', '/admin/Application/list', { token: admin, payload: { company_id: h.it } });
    expect(apps.body.data.data.map((a: { name: string }) => a.name)).toEqual(['IT服务台', '账号权限申请']);
  });

  it('a company the user is not staff of is refused, whatever the permission', async () => {
    const handler = await login(h.app, 'zhangwei'); // staff of the property company only
    for (const [method, path] of [
      ['GET', '/admin/Workorder/list'],
      ['GET', '/admin/Work/pendingNumber'],
      ['POST', '/admin/Work/allDaiNumber'],
      ['GET', '/admin/Application/list'],
    ] as const) {
      const r = await call(h.app, method, path, { token: handler, payload: { company_id: h.it } });
      expect(r.status, path).toBe(403);
    }
    const missing = await call(h.app, 'GET', '/admin/Workorder/list', { token: handler });
    expect(missing.status).toBe(403);
  });

  it('a disabled staff membership loses access at once', async () => {
    const token = await login(h.app, 'huangyan');
    expect((await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property } })).status).toBe(200);
    const user = await h.db.selectFrom('users').select('id').where('username', '=', 'huangyan').executeTakeFirstOrThrow();
    await h.db.updateTable('staff').set({ status: 0 }).where('user_id', '=', user.id).execute();
    expect((await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property } })).status).toBe(403);
  });

  it('the requester form of one company creates orders only in that company', async () => {
    const { id } = await submitRepair(h);
    const row = await h.db.selectFrom('work_orders').select('company_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(h.property);
  });
});
