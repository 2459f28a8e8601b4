/**
 * Data scope (docs/design.md, "Data scope"): a role's `company`, `department` or `own`
 * scope narrows list, detail, counts, statistics, export and batch alike; an order out of
 * scope is 404. The dispatcher role is held by wangfang (客户服务部, above 客服一组 and
 * 客服二组, where chenjing handles 投诉与建议 and 门禁卡办理).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayEnd, dayStart } from '../src/lib/time.ts';
import { call, firstSheet, login, setup, submitRepair, type Harness } from './helper.ts';
import { applicationId, participantsAndRebuild } from './orders.ts';
import { WORK_ORDER_STATUSES } from '@swo/contract';

let h: Harness;
let token: string;
let wangfang: number;
let departmentApps: number[];

beforeAll(async () => {
  h = await setup();
  token = await login(h.app, 'wangfang');
  wangfang = (
    await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select('staff.id')
      .where('users.username', '=', 'wangfang')
      .where('staff.company_id', '=', h.property)
      .executeTakeFirstOrThrow()
  ).id;
  departmentApps = [await applicationId(h, '投诉与建议'), await applicationId(h, '门禁卡办理')];
  // An order she created herself, of an application outside her department's: hers by "own".
  const created = await addRepair(token, '1栋1单元101', '门铃坏了');
  expect(created.status).toBe(200);
});
afterAll(() => h.close());

/** An order of 业主报修 (outside wangfang's department's applications) made by the member signed in with `by`. */
async function addRepair(by: string, location: string, description: string) {
  return call(h.app, 'POST', '/admin/Work/add', {
    token: by,
    payload: {
      company_id: h.property,
      application_id: await applicationId(h, '业主报修'),
      form_data: { location, repair_type: '1', description, urgency: '1' },
      requester_name: '测试',
      requester_phone: '13600000000',
    },
  });
}

async function setScope(scope: 'company' | 'department' | 'own') {
  await h.db.updateTable('roles').set({ data_scope: scope }).where('company_id', '=', h.property).where('name', '=', '调度员').execute();
}
beforeEach(() => setScope('company'));

/** The property company's live orders that `scope` lets wangfang see, computed from the tables. */
async function expected(scope: 'company' | 'department' | 'own') {
  const rows = await h.db
    .selectFrom('work_orders')
    .select(['id', 'application_id', 'handler_id', 'creator_staff_id', 'created_at', 'status'])
    .where('company_id', '=', h.property)
    .where('deleted_at', 'is', null)
    .execute();
  const reviewed = new Set(
    (
      await h.db
        .selectFrom('work_order_records')
        .select('work_order_id')
        .where('company_id', '=', h.property)
        .where('actor_staff_id', '=', wangfang)
        .where('action', 'in', ['examine_pass', 'examine_fail'])
        .execute()
    ).map((r) => r.work_order_id),
  );
  const own = (r: (typeof rows)[number]) => r.handler_id === wangfang || r.creator_staff_id === wangfang || reviewed.has(r.id);
  if (scope === 'company') return rows;
  if (scope === 'own') return rows.filter(own);
  return rows.filter((r) => own(r) || departmentApps.includes(r.application_id));
}

const list = () => call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property, pageSize: 100 } });

describe('data scope', () => {
  for (const scope of ['company', 'department', 'own'] as const) {
    it(`${scope}: the list, its total and the counts hold exactly the orders in scope`, async () => {
      await setScope(scope);
      const want = await expected(scope);
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.data.totalCount).toBe(want.length);
      const ids = new Set(want.map((o) => o.id));
      expect(r.body.data.data.every((o: { id: number }) => ids.has(o.id))).toBe(true);
      const counts = await call(h.app, 'GET', '/admin/Work/pendingNumber', { token, payload: { company_id: h.property } });
      expect(counts.body.data.total).toBe(want.length);
      expect(counts.body.data.counts.unassigned).toBe(want.filter((o) => o.status === 'unassigned').length);
    });
  }

  for (const scope of ['department', 'own'] as const) {
    it(`${scope}: every page of every status tab and application filter holds the orders in scope, newest first`, async () => {
      await setScope(scope);
      const all = await expected(scope);
      const apps = [departmentApps[0], await applicationId(h, '业主报修')];
      const filters: Record<string, string | number>[] = [
        {},
        ...WORK_ORDER_STATUSES.map((status) => ({ status })),
        ...apps.map((application_id) => ({ application_id })),
      ];
      for (const filter of filters) {
        const want = all
          .filter((o) => (!filter.status || o.status === filter.status) && (!filter.application_id || o.application_id === filter.application_id))
          .map((o) => o.id)
          .sort((a, b) => b - a);
        const got: number[] = [];
        for (let pageNo = 1; pageNo <= Math.ceil(want.length / 7) + 1; pageNo++) {
          const r = await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property, pageSize: 7, pageNo, ...filter } });
          expect(r.status).toBe(200);
          expect(r.body.data.totalCount, JSON.stringify(filter)).toBe(want.length);
          got.push(...r.body.data.data.map((o: { id: number }) => o.id));
        }
        expect(got, JSON.stringify(filter)).toEqual(want);
      }
    });
  }

  it('a keyword search finds the matching orders in scope alone, and counts them alone', async () => {
    // An order of the same word made by another member, of an application outside her department's.
    const other = await addRepair(await login(h.app, 'admin'), '2栋1单元202', '门铃也坏了');
    expect(other.status).toBe(200);
    const search = async () =>
      (await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property, keyword: '门铃', pageSize: 100 } })).body.data;
    const everyMatch: number[] = (await search()).data.map((o: { id: number }) => o.id);
    expect(everyMatch).toContain(other.body.data.id);
    for (const scope of ['department', 'own'] as const) {
      await setScope(scope);
      const inScope = new Set((await expected(scope)).map((o) => o.id));
      const want = everyMatch.filter((id) => inScope.has(id));
      expect(want.length, scope).toBeGreaterThan(0);
      const page = await search();
      expect(
        page.data.map((o: { id: number }) => o.id),
        scope,
      ).toEqual(want);
      expect(page.totalCount, scope).toBe(want.length);
    }
  });

  it('narrower scopes see fewer orders than the company, and own is within department', async () => {
    const [all, dept, own] = [await expected('company'), await expected('department'), await expected('own')];
    expect(dept.length).toBeLessThan(all.length);
    expect(own.length).toBeGreaterThan(0);
    const deptIds = new Set(dept.map((o) => o.id));
    expect(own.every((o) => deptIds.has(o.id))).toBe(true);
  });

  it('an order out of scope is 404 for detail, history and actions, and unchanged', async () => {
    const { id } = await submitRepair(h); // 业主报修: outside her department's applications
    await setScope('department');
    for (const [method, path] of [
      ['GET', '/admin/Workorder/work_order_details'],
      ['POST', '/admin/Workorder/cancel_work_order'],
    ] as const) {
      const r = await call(h.app, method, path, { token, payload: { company_id: h.property, id, reason: '不需要了' } });
      expect(r.status, path).toBe(404);
    }
    await setScope('company');
    const seen = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: h.property, id } });
    expect(seen.status).toBe(200);
    expect(seen.body.data.status).toBe('unassigned');
  });

  it('a batch reports an order out of scope as not found and acts on the rest', async () => {
    const { id: repair } = await submitRepair(h);
    const complaint = (await expected('department')).find((o) => o.status === 'unassigned' && o.application_id === departmentApps[0]);
    expect(complaint).toBeDefined();
    const chenjing = await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select('staff.id')
      .where('users.username', '=', 'chenjing')
      .executeTakeFirstOrThrow();
    await setScope('department');
    const r = await call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
      token,
      payload: { company_id: h.property, ids: [repair, complaint!.id], staff_id: chenjing.id },
    });
    expect(r.status).toBe(200);
    const byId = new Map(r.body.data.results.map((x: { id: number; code: number }) => [x.id, x.code]));
    expect(byId.get(repair)).toBe(404);
    expect(byId.get(complaint!.id)).toBe(200);
    const untouched = await h.db.selectFrom('work_orders').select(['status', 'version']).where('id', '=', repair).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ status: 'unassigned', version: 1 });
  });

  it('statistics count only the orders in scope', async () => {
    await setScope('own');
    const r = await call(h.app, 'POST', '/admin/Work/appData', { token, payload: { company_id: h.property } });
    expect(r.status).toBe(200);
    const { date_from, date_to } = r.body.data;
    const start = dayStart(date_from, 'Asia/Shanghai');
    const end = dayEnd(date_to, 'Asia/Shanghai');
    const want = (await expected('own')).filter((o) => o.created_at >= start && o.created_at <= end);
    expect(r.body.data.totals.created).toBe(want.length);
  });

  it('the export holds only the orders in scope', async () => {
    await setScope('department');
    const res = await h.app.inject({ method: 'GET', url: '/index.php/admin/Work/export', headers: { token }, query: { company_id: String(h.property) } });
    expect(res.statusCode).toBe(200);
    const ws = await firstSheet(res.rawPayload);
    expect(ws.actualRowCount - 1).toBe((await expected('department')).length);
  });

  it('the scope counters stayed equal to a rebuild from the orders', async () => {
    const { live, rebuilt } = await participantsAndRebuild(h);
    expect(live).toEqual(rebuilt);
  });
});
