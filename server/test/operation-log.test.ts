/**
 * The operation-log list over HTTP (docs/design.md, "Organisation"): permission, the
 * company's entries only, newest first, each filter, company days, parsed `detail`, and
 * that reading never alters a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';
import { localDay, addDays } from '../src/lib/time.ts';

let h: Harness;
let admin: string;
let deptId: number;

interface Entry {
  id: number;
  username: string;
  module: string;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: Record<string, unknown>;
  ip: string;
  created_at: string;
}

const list = (payload: Record<string, unknown> = {}, token = admin) =>
  call<{ data: Entry[]; totalCount: number; pageNo: number; pageSize: number }>(h.app, 'GET', '/admin/Operationlog/list', {
    token,
    payload: { company_id: h.property, ...payload },
  });

beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  const post = (path: string, payload: Record<string, unknown>, company = h.property) =>
    call(h.app, 'POST', path, { token: admin, payload: { company_id: company, ...payload } });
  deptId = (await post('/admin/Department/add', { name: '日志部门' })).body.data.id as number;
  await post('/admin/Department/edit', { id: deptId, name: '日志部门二' });
  await post('/admin/station/add', { name: '日志岗位' });
  await post('/admin/Department/add', { name: '别家日志部门' }, h.it);
});
afterAll(() => h.close());

describe('operation log list', () => {
  it('needs operationlog.query: a handler gets 403', async () => {
    const r = await list({}, await login(h.app, 'zhangwei'));
    expect(r.status).toBe(403);
  });

  it("lists the company's entries newest first with detail parsed, and never alters a row", async () => {
    const rows = () => h.db.selectFrom('operation_logs').selectAll().orderBy('id').execute();
    const before = await rows();
    const r = await list({ pageSize: 100 });
    expect(r.status).toBe(200);
    const entries = r.body.data.data;
    const own = before.filter((x) => x.company_id === h.property);
    expect(r.body.data.totalCount).toBe(own.length);
    expect(entries.some((e) => e.detail.after && (e.detail.after as { name?: string }).name === '别家日志部门')).toBe(false);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const edit = entries.find((e) => e.module === 'department' && e.action === 'edit')!;
    expect(edit).toMatchObject({ username: 'admin', target_type: 'department', target_id: deptId });
    expect(edit.detail).toMatchObject({ before: { name: '日志部门' }, after: { name: '日志部门二' } });
    expect(await rows()).toEqual(before);
  });

  it('filters by module, action, target type and id, keyword and company days', async () => {
    const byModule = (await list({ module: 'position' })).body.data.data;
    expect(byModule.length).toBe(1);
    expect(byModule[0]).toMatchObject({ module: 'position', action: 'add' });

    const byAction = (await list({ module: 'department', action: 'edit' })).body.data.data;
    expect(byAction.map((e) => e.target_id)).toEqual([deptId]);

    const byTarget = (await list({ target_type: 'department', target_id: deptId })).body.data.data;
    expect(byTarget.map((e) => e.action).sort()).toEqual(['add', 'edit']);

    expect((await list({ keyword: 'dmi' })).body.data.totalCount).toBe(3);
    expect((await list({ keyword: '127.0' })).body.data.totalCount).toBe(3);
    expect((await list({ keyword: 'nobody%' })).body.data.totalCount).toBe(0);

    const { time_zone } = await h.db.selectFrom('companies').select('time_zone').where('id', '=', h.property).executeTakeFirstOrThrow();
    const today = localDay(Date.now(), time_zone);
    expect((await list({ date_from: today, date_to: today })).body.data.totalCount).toBe(3);
    expect((await list({ date_from: addDays(today, 1) })).body.data.totalCount).toBe(0);
    expect((await list({ date_to: addDays(today, -1) })).body.data.totalCount).toBe(0);

    const bad = await list({ date_from: '2026-02-30' });
    expect(bad.status).toBe(400);
  });

  it('pages', async () => {
    const p = await list({ pageSize: 2, pageNo: 2 });
    expect(p.body.data).toMatchObject({ pageNo: 2, pageSize: 2, totalCount: 3, totalPage: 2 });
    expect(p.body.data.data).toHaveLength(1);
  });
});
