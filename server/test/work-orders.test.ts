import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appKey, call, dialect, login, repairSubmission, setup, submitRepair, type Harness } from './helper.ts';
import { countOrders as countAllOrders } from './helper.ts';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
});
afterAll(() => h.close());

const countOrders = () => countAllOrders(h);

describe('order numbers', () => {
  it('orders made at once get the next numbers of their company, each once, after the ones already given', async () => {
    const seq = (no: string) => Number(no.slice(8));
    const first = seq((await submitRepair(h)).order_no);
    const made = await Promise.all(Array.from({ length: 8 }, () => submitRepair(h)));
    const numbers = made.map((o) => seq(o.order_no)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => first + 1 + i));
  });

  it('a number past 999,999 of a day keeps every digit', async () => {
    const sequence = `work_order_no_${h.property}`;
    const setNext = async (n: number) =>
      dialect === 'postgres'
        ? void (await sql`select setval(${sequence}::regclass, ${n - 1})`.execute(h.db))
        : void (await h.db
            .updateTable('companies')
            .set({ order_seq: n - 1 })
            .where('id', '=', h.property)
            .execute());
    const next = Number((await submitRepair(h)).order_no.slice(8)) + 1;
    await setNext(1_000_000);
    try {
      expect((await submitRepair(h)).order_no.slice(8)).toBe('1000000');
    } finally {
      await setNext(next);
    }
    expect((await submitRepair(h)).order_no).toMatch(/^\d{14}$/);
  });
});

describe('the main job', () => {
  it('requester submits, staff sees it awaiting assignment, claims and completes it', async () => {
    const before = await call<number>(h.app, 'POST', '/admin/Work/allDaiNumber', { token: admin, payload: { company_id: h.property } });
    const created = await submitRepair(h);
    expect(created.order_no).toMatch(/^\d{14}$/);
    expect(created.ident.length).toBeGreaterThan(20);

    const after = await call<number>(h.app, 'POST', '/admin/Work/allDaiNumber', { token: admin, payload: { company_id: h.property } });
    expect(after.body.data).toBe(before.body.data + 1);

    const list = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, status: 'unassigned', keyword: created.order_no },
    });
    expect(list.body.data.totalCount).toBe(1);
    expect(list.body.data.data[0]).toMatchObject({ id: created.id, status: 'unassigned', requester_name: '测试业主', application_name: '业主报修' });

    const handler = await login(h.app, 'zhangwei');
    const claimed = await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: handler, payload: { company_id: h.property, id: created.id } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ status: 'processing', handler_name: '张伟' });

    // The repair template requires review, so completion waits for the reviewer.
    const done = await call(h.app, 'POST', '/admin/Workorder/work_order_complete', {
      token: handler,
      payload: { company_id: h.property, id: created.id, note: '已更换水管' },
    });
    expect(done.body.data.status).toBe('pending_review');

    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: { company_id: h.property, id: created.id } });
    expect(detail.body.data.form_data).toMatchObject({ location: '9栋1单元101', repair_type: '1' });
    expect(detail.body.data.template.name).toBe('报事报修');
    expect(detail.body.data.records.map((r: { action: string }) => r.action)).toEqual(['create', 'claim', 'complete']);
    expect(detail.body.data.records[2]).toMatchObject({ from_status: 'processing', to_status: 'pending_review', actor_name: '张伟', note: '已更换水管' });

    const logs = await h.db.selectFrom('operation_logs').select(['action']).where('target_id', '=', created.id).where('module', '=', 'work_order').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'claim', 'complete']);
  });

  it('completes straight to completed when the template needs no review', async () => {
    const key = await appKey(h.db, h.property, '投诉与建议');
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: {
        app_key: key,
        requester_name: '李女士',
        requester_phone: '13700000000',
        form_data: { target: '2', subject: '楼道垃圾', content: '楼道垃圾两天没清' },
      },
    });
    const id = r.body.data.id;
    await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: admin, payload: { company_id: h.property, id } });
    const done = await call(h.app, 'POST', '/admin/Workorder/work_order_complete', { token: admin, payload: { company_id: h.property, id } });
    expect(done.body.data.status).toBe('completed');
  });

  it('dispatches an order of an automatic template to a bound handler', async () => {
    const key = await appKey(h.db, h.property, '门禁卡办理');
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: {
        app_key: key,
        requester_name: '王先生',
        requester_phone: '13700000001',
        form_data: { room: '3栋2单元1502', kind: '1', identity: '1', quantity: 1 },
      },
    });
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: { company_id: h.property, id: r.body.data.id } });
    expect(detail.body.data.status).toBe('processing');
    expect(['陈静', '赵磊']).toContain(detail.body.data.handler_name);
    expect(detail.body.data.records.map((x: { action: string }) => x.action)).toEqual(['create', 'dispatch']);
  });
});

describe('conflicts and permissions', () => {
  it('two parallel claims of one order: one 200 and one 409', async () => {
    const { id } = await submitRepair(h);
    const [a, b] = await Promise.all([login(h.app, 'zhangwei'), login(h.app, 'liuqiang')]);
    const results = await Promise.all([
      call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: a, payload: { company_id: h.property, id } }),
      call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: b, payload: { company_id: h.property, id } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const records = await h.db.selectFrom('work_order_records').select('action').where('work_order_id', '=', id).execute();
    expect(records.filter((r) => r.action === 'claim')).toHaveLength(1);
  });

  it('an action the status does not allow gives 409 and changes nothing', async () => {
    const { id } = await submitRepair(h);
    const r = await call(h.app, 'POST', '/admin/Workorder/work_order_complete', { token: admin, payload: { company_id: h.property, id } });
    expect(r.status).toBe(409);
    await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: admin, payload: { company_id: h.property, id } });
    const again = await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: admin, payload: { company_id: h.property, id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(409);
    const order = await h.db.selectFrom('work_orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'processing', version: 2 });
  });

  it('a stale version gives 409', async () => {
    const { id } = await submitRepair(h);
    const r = await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: admin, payload: { company_id: h.property, id, version: 7 } });
    expect(r.status).toBe(409);
  });

  it('a role without renling cannot claim; a handler not bound to the application cannot either', async () => {
    const { id } = await submitRepair(h);
    const viewer = await login(h.app, 'wuhao');
    expect((await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: viewer, payload: { company_id: h.property, id } })).status).toBe(403);
    const complaintsHandler = await login(h.app, 'sunli');
    expect((await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: complaintsHandler, payload: { company_id: h.property, id } })).status).toBe(
      403,
    );
  });

  it('only the handler completes an order', async () => {
    const { id } = await submitRepair(h);
    const handler = await login(h.app, 'zhangwei');
    const other = await login(h.app, 'liuqiang');
    await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: handler, payload: { company_id: h.property, id } });
    const r = await call(h.app, 'POST', '/admin/Workorder/work_order_complete', { token: other, payload: { company_id: h.property, id } });
    expect(r.status).toBe(403);
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: other, payload: { company_id: h.property, id } });
    expect(detail.body.data.allowed_actions).toEqual(['note']);
    const mine = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: handler, payload: { company_id: h.property, id } });
    expect(mine.body.data.allowed_actions).toContain('complete');
  });
});

describe('bad input', () => {
  it('invalid form_data gets 400 with field messages and stores nothing', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const before = await countOrders();
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: repairSubmission(key, { location: '', repair_type: '99', urgency: 5, visit_date: 'tomorrow' }),
    });
    expect(r.status).toBe(400);
    const errors = (r.body.data as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['location', 'repair_type', 'urgency', 'visit_date']);
    expect(errors.location[0]).toContain('报修位置');
    expect(await countOrders()).toBe(before);
  });

  it('pattern and range rules of the template apply', async () => {
    const key = await appKey(h.db, h.property, '门禁卡办理');
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: { app_key: key, requester_name: '王', requester_phone: '13700000001', form_data: { room: '302室', kind: '1', identity: '1', quantity: 9 } },
    });
    expect(r.status).toBe(400);
    expect(Object.keys((r.body.data as { errors: object }).errors).sort()).toEqual(['quantity', 'room']);
  });

  it('a requester phone that is not a phone number is refused', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { ...repairSubmission(key), requester_phone: 'call me' } });
    expect(r.status).toBe(400);
    expect(Object.keys((r.body.data as { errors: object }).errors)).toEqual(['requester_phone']);
  });

  it('an unknown application key is 404', async () => {
    const r = await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: 'no-such-key' } });
    expect(r.status).toBe(404);
  });

  it('a body over 1 MiB gets 413', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const before = await countOrders();
    const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: repairSubmission(key, { description: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(413);
    expect(await countOrders()).toBe(before);
  });

  it('page sizes above 100 are refused', async () => {
    const r = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, pageSize: 500 } });
    expect(r.status).toBe(400);
  });
});

describe('lists and counts', () => {
  it('status counts match the list totals', async () => {
    const counts = await call(h.app, 'GET', '/admin/Work/pendingNumber', { token: admin, payload: { company_id: h.property } });
    for (const [status, n] of Object.entries(counts.body.data.counts)) {
      const list = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, status, pageSize: 1 } });
      expect(list.body.data.totalCount).toBe(n);
      const rows = await h.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', h.property)
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(n);
      // A page past the end is empty and still says how many there are.
      const past = await call(h.app, 'GET', '/admin/Workorder/list', {
        token: admin,
        payload: { company_id: h.property, status, pageNo: 10_000, pageSize: 10 },
      });
      expect(past.body.data).toMatchObject({ data: [], totalCount: n });
    }
    const all = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, pageSize: 1 } });
    expect(all.body.data.totalCount).toBe(counts.body.data.total);
  });

  it('pages newest first and filters by application and keyword', async () => {
    const p1 = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, pageNo: 1, pageSize: 5 } });
    const p2 = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, pageNo: 2, pageSize: 5 } });
    const ids = [...p1.body.data.data, ...p2.body.data.data].map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(p1.body.data.totalPage).toBe(Math.ceil(p1.body.data.totalCount / 5));
    const apps = await call(h.app, 'GET', '/admin/Application/list', { token: admin, payload: { company_id: h.property } });
    const repair = apps.body.data.data.find((a: { name: string }) => a.name === '业主报修');
    const byApp = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, application_id: repair.id, pageSize: 100 },
    });
    expect(byApp.body.data.data.every((o: { application_name: string }) => o.application_name === '业主报修')).toBe(true);
    const kw = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, keyword: '单元', pageSize: 100 } });
    expect(kw.body.data.data.length).toBeGreaterThan(0);
    expect(kw.body.data.data.every((o: { title: string }) => o.title.includes('单元'))).toBe(true);
  });

  it('the reminder count can be narrowed to one application by name', async () => {
    const all = await call<number>(h.app, 'POST', '/admin/Work/allDaiNumber', { token: admin, payload: { company_id: h.property } });
    const repair = await call<number>(h.app, 'POST', '/admin/Work/allDaiNumber', { token: admin, payload: { company_id: h.property, name: '业主报修' } });
    expect(repair.body.data).toBeLessThanOrEqual(all.body.data);
    const rows = await h.db
      .selectFrom('work_orders as w')
      .innerJoin('applications as a', 'a.id', 'w.application_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('w.company_id', '=', h.property)
      .where('w.status', '=', 'unassigned')
      .where('a.name', '=', '业主报修')
      .executeTakeFirstOrThrow();
    expect(repair.body.data).toBe(Number(rows.n));
  });
});

describe('allowed_actions on list rows', () => {
  it('a handler may claim orders of the applications bound to them only; my orders carry them too', async () => {
    const handler = await login(h.app, 'zhangwei');
    const list = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: handler,
      payload: { company_id: h.property, status: 'unassigned', pageSize: 100 },
    });
    const rows = list.body.data.data as { application_name: string; allowed_actions: string[] }[];
    expect(rows.some((r) => r.application_name === '业主报修')).toBe(true);
    expect(rows.some((r) => r.application_name !== '业主报修')).toBe(true);
    for (const r of rows) expect(r.allowed_actions.includes('claim')).toBe(r.application_name === '业主报修');

    const mine = await call(h.app, 'POST', '/admin/Work/myWorkOrder', {
      token: handler,
      payload: { company_id: h.property, type: 'handling', pageNo: 1, pageSize: 10 },
    });
    for (const r of mine.body.data.data as { status: string; allowed_actions: string[] }[]) {
      expect(r.allowed_actions.includes('complete')).toBe(r.status === 'processing');
    }
  });

  it('the staff picker has no platform administrator', async () => {
    const staff = await call(h.app, 'GET', '/admin/Workorder/employee_list', { token: admin, payload: { company_id: h.property } });
    const names = (staff.body.data as { name: string }[]).map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('平台管理员');
  });
});
