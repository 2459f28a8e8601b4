import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart } from '../src/lib/time.ts';
import { call, setup, type Harness } from './helper.ts';
import { cast, orderIn, participantsAndRebuild, perform, snapshot, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

describe('races', () => {
  it('20 parallel claims of one order: exactly one winner, 19 conflicts', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const tokens = [c.admin, c.handler, c.handler2];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: tokens[i % 3], payload: { company_id: h.property, id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await snapshot(h, id)).records).toBe(2); // create + one claim
  });

  it('claim vs assign vs cancel at once, each sent with the version its sender saw: one winner', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await orderIn(h, c, 'unassigned');
      const results = await Promise.all([
        perform(h, c, c.handler, 'claim', id, { version: 1 }),
        perform(h, c, c.dispatcher, 'assign', id),
        perform(h, c, c.dispatcher, 'cancel', id, { version: 1 }),
      ]);
      const codes = results.map((r) => r.status);
      expect(
        codes.filter((s) => s === 200),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((s) => s === 409)).toHaveLength(2);
    }
  });
});

describe('batches', () => {
  it('a batch claim of claimable and claimed orders reports each item', async () => {
    const free = [await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'unassigned')];
    const taken = await orderIn(h, c, 'processing');
    const otherCompany = (await h.db.selectFrom('work_orders').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow()).id;
    const r = await call(h.app, 'POST', '/admin/Work/batchClaim', {
      token: c.handler,
      payload: { company_id: h.property, ids: [free[0], taken, free[1], otherCompany] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.results.map((x: { id: number; ok: boolean; code: number }) => [x.id, x.ok, x.code])).toEqual([
      [free[0], true, 200],
      [taken, false, 409],
      [free[1], true, 200],
      [otherCompany, false, 404],
    ]);
    for (const id of free) expect((await snapshot(h, id)).handler_id).toBe(c.staffId.zhangwei);
  });

  it('batch assign and batch reject act per item', async () => {
    const ids = [await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'completed')];
    const a = await call(h.app, 'POST', '/admin/Work/batchAssign', {
      token: c.dispatcher,
      payload: { company_id: h.property, ids, staff_id: c.staffId.liuqiang },
    });
    expect(a.body.data.results.map((x: { ok: boolean }) => x.ok)).toEqual([true, false]);
    const ids2 = [await orderIn(h, c, 'unassigned'), await orderIn(h, c, 'withdrawn')];
    const r = await call(h.app, 'POST', '/admin/Work/batchReject', { token: c.dispatcher, payload: { company_id: h.property, ids: ids2, reason: '资料不全' } });
    expect(r.body.data.results.map((x: { ok: boolean; code: number }) => [x.ok, x.code])).toEqual([
      [true, 200],
      [false, 409],
    ]);
    expect((await snapshot(h, ids2[0])).reason).toBe('资料不全');
  });

  it('assigning to staff of another company is refused as a whole, as not found', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const foreign = (await h.db.selectFrom('staff').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow()).id;
    const r = await call(h.app, 'POST', '/admin/Work/batchAssign', { token: c.dispatcher, payload: { company_id: h.property, ids: [id], staff_id: foreign } });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
    expect((await snapshot(h, id)).status).toBe('unassigned');
  });

  it('more than 500 ids are refused as a whole', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const r = await call(h.app, 'POST', '/admin/Work/batchClaim', { token: c.handler, payload: { company_id: h.property, ids } });
    expect(r.status).toBe(400);
  });

  it('a replayed Idempotency-Key returns the first reply and acts once', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const send = () =>
      call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
        token: c.dispatcher,
        headers: { 'idempotency-key': 'assign-42' },
        payload: { company_id: h.property, ids: [id], staff_id: c.staffId.zhangwei },
      });
    const first = await send();
    const second = await send();
    expect(first.body.data.results[0].ok).toBe(true);
    expect(second.body).toEqual(first.body);
    const assigns = await h.db.selectFrom('work_order_records').select('id').where('work_order_id', '=', id).where('action', '=', 'assign').execute();
    expect(assigns).toHaveLength(1);
    // The same key with another body is a conflict.
    const other = await call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
      token: c.dispatcher,
      headers: { 'idempotency-key': 'assign-42' },
      payload: { company_id: h.property, ids: [id], staff_id: c.staffId.liuqiang },
    });
    expect(other.status).toBe(409);
  });
});

describe('staff-side create, edit and delete', () => {
  it('edit keeps the old values on the record and bumps the version; only while unassigned or rejected', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const form = { location: '10栋2单元202', repair_type: '2', description: '窗户关不上', urgency: '1' };
    const r = await call(h.app, 'POST', '/admin/Work/edit', { token: c.admin, payload: { company_id: h.property, id, form_data: form } });
    expect(r.status).toBe(200);
    expect(r.body.data.version).toBe(2);
    const rec = await h.db.selectFrom('work_order_records').selectAll().where('work_order_id', '=', id).where('action', '=', 'edit').executeTakeFirstOrThrow();
    expect(JSON.parse(rec.detail!).before).toMatchObject({ location: '9栋1单元101', repair_type: '1' });
    const bad = await call(h.app, 'POST', '/admin/Work/edit', { token: c.admin, payload: { company_id: h.property, id, form_data: { location: '' } } });
    expect(bad.status).toBe(400);
    const busy = await orderIn(h, c, 'processing');
    expect((await call(h.app, 'POST', '/admin/Work/edit', { token: c.admin, payload: { company_id: h.property, id: busy, form_data: form } })).status).toBe(
      409,
    );
    expect((await call(h.app, 'POST', '/admin/Work/edit', { token: c.handler, payload: { company_id: h.property, id, form_data: form } })).status).toBe(403);
  });

  it('delete hides cancelled or withdrawn orders and takes them out of the counts', async () => {
    const counts = async () =>
      (await call(h.app, 'GET', '/admin/Work/pendingNumber', { token: c.admin, payload: { company_id: h.property } })).body.data.counts;
    const id = await orderIn(h, c, 'cancelled');
    const before = await counts();
    expect((await call(h.app, 'GET', '/admin/Work/delete', { token: c.admin, payload: { company_id: h.property, id } })).status).toBe(200);
    expect((await counts()).cancelled).toBe(before.cancelled - 1);
    expect((await call(h.app, 'GET', '/admin/Work/detail', { token: c.admin, payload: { company_id: h.property, id } })).status).toBe(404);
    const open = await orderIn(h, c, 'processing');
    expect((await call(h.app, 'GET', '/admin/Work/delete', { token: c.admin, payload: { company_id: h.property, id: open } })).status).toBe(409);
    expect((await call(h.app, 'GET', '/admin/Work/delete', { token: c.dispatcher, payload: { company_id: h.property, id: open } })).status).toBe(403);
  });
});

describe('reads', () => {
  it('employee list: bound handlers first, with load and department; only staff who may handle', async () => {
    const appId = (
      await h.db.selectFrom('applications').select('id').where('company_id', '=', h.property).where('name', '=', '业主报修').executeTakeFirstOrThrow()
    ).id;
    const r = await call(h.app, 'GET', '/admin/Workorder/employee_list', { token: c.dispatcher, payload: { company_id: h.property, application_id: appId } });
    const names = r.body.data.map((e: { name: string }) => e.name);
    expect(names.slice(0, 2).sort()).toEqual(['刘强', '张伟']);
    expect(names).not.toContain('吴昊'); // a viewer cannot handle orders
    expect(names).not.toContain('王芳'); // a dispatcher neither
    const zhang = r.body.data.find((e: { name: string }) => e.name === '张伟');
    expect(zhang).toMatchObject({ bound: true, department_name: '水电班' });
    const open = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('handler_id', '=', zhang.id)
      .where('status', 'in', ['processing', 'pending_review'])
      .executeTakeFirstOrThrow();
    expect(zhang.open_count).toBe(Number(open.n));
    const dept = await h.db
      .selectFrom('departments')
      .select('id')
      .where('company_id', '=', h.property)
      .where('name', '=', '工程维修部')
      .executeTakeFirstOrThrow();
    const byDept = await call(h.app, 'GET', '/admin/Work/staffListTwo', { token: c.dispatcher, payload: { company_id: h.property, department_id: dept.id } });
    expect(byDept.body.data.map((e: { name: string }) => e.name).sort()).toEqual(['刘强', '张伟']); // 水电班 and 土建班 are below it
  });

  it('my work orders: handling, created and reviewed', async () => {
    const id = await orderIn(h, c, 'unassigned');
    await perform(h, c, c.handler, 'claim', id);
    const mine = await call(h.app, 'POST', '/admin/Work/myWorkOrder', {
      token: c.handler,
      payload: { company_id: h.property, type: 'handling', pageSize: 100 },
    });
    expect(mine.body.data.data.some((o: { id: number }) => o.id === id)).toBe(true);
    expect(mine.body.data.data.every((o: { handler_id: number }) => o.handler_id === c.staffId.zhangwei)).toBe(true);
    expect(mine.body.data.data.every((o: { status: string }) => ['processing', 'pending_review'].includes(o.status))).toBe(true);
    const done = await call(h.app, 'POST', '/admin/Work/myWorkOrder', {
      token: c.handler,
      payload: { company_id: h.property, type: 'handling', status: 'completed' },
    });
    expect(done.body.data.data.every((o: { status: string }) => o.status === 'completed')).toBe(true);
    const created = await call(h.app, 'POST', '/admin/Work/myWorkOrder', {
      token: c.admin,
      payload: { company_id: h.property, type: 'created', pageSize: 100 },
    });
    expect(created.body.data.data.some((o: { id: number }) => o.id === id)).toBe(true);
    const reviewed = await call(h.app, 'POST', '/admin/Work/myWorkOrder', {
      token: c.reviewer,
      payload: { company_id: h.property, type: 'reviewed', pageSize: 5 },
    });
    expect(reviewed.body.data.totalCount).toBeGreaterThan(0);
  });

  it('assignment history lists claim, assign, reassign and dispatch steps only', async () => {
    const id = await orderIn(h, c, 'unassigned');
    await perform(h, c, c.dispatcher, 'assign', id);
    await perform(h, c, c.dispatcher, 'reassign', id);
    await perform(h, c, c.viewer, 'note', id);
    const r = await call(h.app, 'GET', '/admin/Workorder/work_order_assign_record', { token: c.admin, payload: { company_id: h.property, id } });
    expect(r.body.data.map((x: { action: string; target_name: string }) => [x.action, x.target_name])).toEqual([
      ['assign', '张伟'],
      ['reassign', '刘强'],
    ]);
    const all = await call(h.app, 'GET', '/admin/Work/workOrderLog', { token: c.admin, payload: { company_id: h.property, id } });
    expect(all.body.data.map((x: { action: string }) => x.action)).toEqual(['create', 'assign', 'reassign', 'note']);
  });

  it('order kinds and whether a template dispatches automatically', async () => {
    const kinds = await call(h.app, 'GET', '/admin/Work/workOrderName', { token: c.admin, payload: { company_id: h.property } });
    expect(kinds.body.data.map((k: { name: string }) => k.name)).toEqual(['报事报修', '投诉建议', '门禁卡办理']);
    const card = kinds.body.data[2];
    const auto = await call(h.app, 'GET', '/admin/template/isAutomatic', { token: c.admin, payload: { company_id: h.property, id: card.id } });
    expect(auto.body.data.is_automatic).toBe(true);
    const detail = await call(h.app, 'POST', '/admin/Work/workOrderNameDetail', {
      token: c.admin,
      payload: { company_id: h.property, id: kinds.body.data[0].id },
    });
    expect(detail.body.data.fields.map((f: { label: string }) => f.label)).toContain('报修位置');
  });

  it('statistics per application and per handler add up', async () => {
    const r = await call(h.app, 'POST', '/admin/Work/appData', { token: c.admin, payload: { company_id: h.property } });
    expect(r.status).toBe(200);
    const { totals, applications, trend } = r.body.data;
    expect(trend).toHaveLength(30);
    expect(applications.reduce((s: number, a: { created: number }) => s + a.created, 0)).toBe(totals.created);
    expect(trend.reduce((s: number, p: { created: number }) => s + p.created, 0)).toBe(totals.created);
    // The period is in the company's own days (Asia/Shanghai), not UTC ones.
    const start = dayStart(r.body.data.date_from, 'Asia/Shanghai');
    const direct = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', h.property)
      .where('created_at', '>=', start)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(totals.created).toBe(Number(direct.n));
    const staff = await call(h.app, 'POST', '/admin/Work/staffDataList', { token: c.admin, payload: { company_id: h.property } });
    expect(staff.body.data.staff.length).toBeGreaterThan(0);
    expect(staff.body.data.staff[0].avg_handle_hours === null || staff.body.data.staff[0].avg_handle_hours > 0).toBe(true);
    const one = await call(h.app, 'POST', '/admin/Work/appDataDetail', {
      token: c.admin,
      payload: { company_id: h.property, application_id: applications[0].application_id },
    });
    expect(one.body.data.totals.created).toBe(applications[0].created);
    const bad = await call(h.app, 'POST', '/admin/Work/appData', {
      token: c.admin,
      payload: { company_id: h.property, date_from: '2020-01-01', date_to: '2026-01-01' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('scope counters', () => {
  it('after races, batches, edits and deletes, the participants and scope counters equal a rebuild', async () => {
    const { live, rebuilt } = await participantsAndRebuild(h);
    expect(live.staff.length).toBeGreaterThan(0);
    expect(live).toEqual(rebuilt);
  });
});
