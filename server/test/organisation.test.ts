/**
 * Departments, positions and categories over HTTP (docs/design.md, "Organisation"):
 * permissions per action (enable and disable apart), other companies' ids as 404, the
 * tree and naming rules, blocked deletions, and one operation-log row per change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';
import { departmentId, grantOnly, lastLog, logCount, roleId, setRole, staffOf } from './org-helpers.ts';

let h: Harness;
let admin: string;
/** wuhao, given the seed's HR role (department.* and position.*, no category). */
let hr: string;
/** zhangwei, a handler: no organisation permission. */
let handler: string;

beforeAll(async () => {
  h = await setup();
  await setRole(h, h.property, 'wuhao', await roleId(h, h.property, '人事专员'));
  [admin, hr, handler] = await Promise.all([login(h.app, 'admin'), login(h.app, 'wuhao'), login(h.app, 'zhangwei')]);
});
afterAll(() => h.close());

const post = (token: string, path: string, payload: Record<string, unknown>, company = h.property) =>
  call(h.app, 'POST', path, { token, payload: { company_id: company, ...payload } });
const get = (token: string, path: string, payload: Record<string, unknown> = {}) =>
  call(h.app, 'GET', path, { token, payload: { company_id: h.property, ...payload } });

const departments = () => h.db.selectFrom('departments').selectAll().orderBy('id').execute();
const positions = () => h.db.selectFrom('positions').selectAll().orderBy('id').execute();
const categories = () => h.db.selectFrom('categories').selectAll().orderBy('id').execute();

/** Runs `act`, expects `status`, and that neither `read` nor the log changed. */
async function refused<R extends { status: number; body: { code: number; msg: string } }>(
  status: number,
  read: () => Promise<unknown>,
  act: () => Promise<R>,
): Promise<R> {
  const [before, logs] = [await read(), await logCount(h, h.property)];
  const r = await act();
  expect(r.status, r.body.msg).toBe(status);
  expect(r.body.code).toBe(status);
  expect(await read()).toEqual(before);
  expect(await logCount(h, h.property)).toBe(logs);
  return r;
}

/** Runs a successful `act` and returns the one log row it wrote. */
async function logged<R extends { status: number; body: { msg: string } }>(act: () => Promise<R>) {
  const logs = await logCount(h, h.property);
  const r = await act();
  expect(r.status, r.body.msg).toBe(200);
  expect(await logCount(h, h.property)).toBe(logs + 1);
  return { r, log: await lastLog(h, h.property) };
}

describe('departments', () => {
  it('a member without the action gets 403 and nothing changes; the HR role and an admin may', async () => {
    const root = await departmentId(h, h.property, '客户服务部');
    await refused(403, departments, () => post(handler, '/admin/Department/add', { name: '无权部门' }));
    await refused(403, departments, () => post(handler, '/admin/Department/edit', { id: root, name: '改名' }));
    await refused(403, departments, () => post(handler, '/admin/Department/delete', { id: root }));
    await refused(403, departments, () => post(handler, '/admin/Department/status', { id: root, status: 0 }));
    await refused(403, departments, () => post(handler, '/admin/Department/listData', {}));

    const { r, log } = await logged(() => post(hr, '/admin/Department/add', { name: '人事新部门', sort: 5 }));
    const id = r.body.data.id as number;
    expect(log).toMatchObject({ module: 'department', action: 'add', target_type: 'department', target_id: id, username: 'wuhao' });
    expect(log.detail.before).toBeNull();
    expect(log.detail.after).toMatchObject({ id, name: '人事新部门', parent_id: 0, sort: 5, status: 1 });

    const edited = await logged(() => post(admin, '/admin/Department/edit', { id, name: '管理员改名', sort: 6 }));
    expect(edited.r.body.data).toMatchObject({ id, name: '管理员改名', sort: 6, staff_count: 0, leader_name: null });
    expect(edited.log).toMatchObject({ action: 'edit', target_id: id, username: 'admin' });
    expect(edited.log.detail.before).toMatchObject({ name: '人事新部门' });
    expect(edited.log.detail.after).toMatchObject({ name: '管理员改名' });

    expect((await post(hr, '/admin/Department/detail', { id })).body.data).toMatchObject({ id, name: '管理员改名' });
    const gone = await logged(() => post(hr, '/admin/Department/delete', { id }));
    expect(gone.log).toMatchObject({ action: 'delete', target_id: id });
    expect(gone.log.detail.after).toBeNull();
    expect((await post(hr, '/admin/Department/detail', { id })).status).toBe(404);
  });

  it('the status call checks enable and disable separately', async () => {
    const id = (await post(admin, '/admin/Department/add', { name: '状态部门' })).body.data.id as number;
    await grantOnly(h, h.property, 'liuqiang', { department: ['disable'] });
    const only = await login(h.app, 'liuqiang');
    const off = await logged(() => post(only, '/admin/Department/status', { id, status: 0 }));
    expect(off.r.body.data).toMatchObject({ id, status: 0 });
    expect(off.log).toMatchObject({ action: 'disable', target_id: id });
    expect(off.log.detail).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    await refused(403, departments, () => post(only, '/admin/Department/status', { id, status: 1 }));
    const on = await logged(() => post(hr, '/admin/Department/status', { id, status: 1 }));
    expect(on.log).toMatchObject({ action: 'enable' });
  });

  it('ids of another company (id, parent_id, leader_staff_id) are 404 and change nothing', async () => {
    const own = await departmentId(h, h.property, '安保部');
    const foreign = await departmentId(h, h.it, '网络组');
    const foreignStaff = (await staffOf(h, h.it, 'machao')).id;
    await refused(404, departments, () => post(admin, '/admin/Department/edit', { id: foreign, name: '越界' }));
    await refused(404, departments, () => post(admin, '/admin/Department/edit', { id: own, name: '安保部', parent_id: foreign }));
    await refused(404, departments, () => post(admin, '/admin/Department/edit', { id: own, name: '安保部', leader_staff_id: foreignStaff }));
    await refused(404, departments, () => post(admin, '/admin/Department/add', { name: '越界', parent_id: foreign }));
    await refused(404, departments, () => post(admin, '/admin/Department/add', { name: '越界', leader_staff_id: foreignStaff }));
    await refused(404, departments, () => post(admin, '/admin/Department/delete', { id: foreign }));
    await refused(404, departments, () => post(admin, '/admin/Department/status', { id: foreign, status: 0 }));
    expect((await post(admin, '/admin/Department/detail', { id: foreign })).status).toBe(404);
  });

  it('a name is unique among siblings, and a department never moves under itself or a descendant', async () => {
    const service = await departmentId(h, h.property, '客户服务部');
    const group = await departmentId(h, h.property, '客服一组');
    const dup = await refused(400, departments, () => post(admin, '/admin/Department/add', { name: '客服一组', parent_id: service }, h.property));
    expect((dup.body.data as { errors: Record<string, string[]> }).errors.name).toEqual(['同一上级部门下已有同名部门']);
    // the same name under another parent is fine
    const elsewhere = await post(admin, '/admin/Department/add', { name: '客服一组' });
    expect(elsewhere.status).toBe(200);
    const renameClash = await refused(400, departments, () => post(admin, '/admin/Department/edit', { id: elsewhere.body.data.id, name: '客户服务部' }));
    expect(renameClash.body.msg).toBe('同一上级部门下已有同名部门');

    for (const parent of [service, group]) {
      const r = await refused(400, departments, () => post(admin, '/admin/Department/edit', { id: service, name: '客户服务部', parent_id: parent }));
      expect((r.body.data as { errors: Record<string, string[]> }).errors.parent_id).toHaveLength(1);
    }
    // moving a department elsewhere in the tree works
    const moved = await post(admin, '/admin/Department/edit', { id: group, name: '客服一组', parent_id: elsewhere.body.data.id });
    expect(moved.body.data).toMatchObject({ id: group, parent_id: elsewhere.body.data.id });
    await post(admin, '/admin/Department/edit', { id: group, name: '客服一组', parent_id: service });
  });

  it('the leader must be active staff of the company', async () => {
    const id = await departmentId(h, h.property, '安保部');
    const leader = await staffOf(h, h.property, 'zhaolei');
    const ok = await post(admin, '/admin/Department/edit', { id, name: '安保部', leader_staff_id: leader.id });
    expect(ok.body.data).toMatchObject({ leader_staff_id: leader.id, leader_name: '赵磊' });
    const sunli = await staffOf(h, h.property, 'sunli');
    await h.db.updateTable('staff').set({ status: 0 }).where('id', '=', sunli.id).execute();
    try {
      const r = await refused(400, departments, () => post(admin, '/admin/Department/edit', { id, name: '安保部', leader_staff_id: sunli.id }));
      expect(Object.keys((r.body.data as { errors: object }).errors)).toEqual(['leader_staff_id']);
    } finally {
      await h.db.updateTable('staff').set({ status: 1 }).where('id', '=', sunli.id).execute();
    }
  });

  it('delete is 409 while staff or child departments remain, naming the count', async () => {
    const service = await departmentId(h, h.property, '客户服务部');
    const staffIn = async (id: number) =>
      Number(
        (
          await h.db
            .selectFrom('staff')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('department_id', '=', id)
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await staffIn(service);
    expect(n).toBeGreaterThan(0);
    const withStaff = await refused(409, departments, () => post(admin, '/admin/Department/delete', { id: service }));
    expect(withStaff.body.msg).toBe(`该部门下还有 ${n} 名员工，不能删除`);

    const parent = (await post(admin, '/admin/Department/add', { name: '空父部门' })).body.data.id as number;
    await post(admin, '/admin/Department/add', { name: '子一', parent_id: parent });
    await post(admin, '/admin/Department/add', { name: '子二', parent_id: parent });
    const withChildren = await refused(409, departments, () => post(admin, '/admin/Department/delete', { id: parent }));
    expect(withChildren.body.msg).toBe('该部门下还有 2 个下级部门，不能删除');
    const en = await call(h.app, 'POST', '/admin/Department/delete', {
      token: admin,
      payload: { company_id: h.property, id: parent },
      headers: { lang: 'en-US' },
    });
    expect(en.body.msg).toBe('The department still has 2 sub-departments and cannot be deleted');
  });

  it('staff removed from the company do not block a deletion (their link is cleared)', async () => {
    const id = (await post(admin, '/admin/Department/add', { name: '撤销部门' })).body.data.id as number;
    const gone = await staffOf(h, h.property, 'huangyan');
    await h.db.updateTable('staff').set({ department_id: id, status: 0, deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    try {
      const list = await post(admin, '/admin/Department/listData', { keyword: '撤销' });
      expect(list.body.data).toEqual([expect.objectContaining({ id, staff_count: 0 })]);
      await logged(() => post(admin, '/admin/Department/delete', { id }));
      expect((await staffOf(h, h.property, 'huangyan')).department_id).toBeNull();
    } finally {
      await h.db.updateTable('staff').set({ department_id: gone.department_id, status: 1, deleted_at: null }).where('id', '=', gone.id).execute();
    }
  });

  it('listData is flat with leader and staff counts, filtered by keyword and status', async () => {
    const all = (await post(hr, '/admin/Department/listData', {})).body.data as { id: number; name: string; staff_count: number; status: number }[];
    const own = await h.db.selectFrom('departments').select('id').where('company_id', '=', h.property).execute();
    expect(all.map((d) => d.id).sort((a, b) => a - b)).toEqual(own.map((d) => d.id).sort((a, b) => a - b));
    expect(all.find((d) => d.name === '水电班')?.staff_count).toBe(1);
    const kw = (await post(hr, '/admin/Department/listData', { keyword: '客服' })).body.data as { name: string }[];
    expect(kw.length).toBeGreaterThan(0);
    expect(kw.every((d) => d.name.includes('客服'))).toBe(true);
    const id = (await post(admin, '/admin/Department/add', { name: '停用部门', status: 0 })).body.data.id as number;
    const off = (await post(hr, '/admin/Department/listData', { status: 0 })).body.data as { id: number; status: number }[];
    expect(off.map((d) => d.id)).toContain(id);
    expect(off.every((d) => d.status === 0)).toBe(true);
  });

  it('orglist: enabled departments only, with direct and subtree staff counts', async () => {
    const r = await get(handler, '/admin/Org_Level/orglist');
    expect(r.status).toBe(200);
    const nodes = r.body.data as { id: number; parent_id: number; name: string; staff_count: number; total_staff: number }[];
    const service = nodes.find((n) => n.name === '客户服务部')!;
    const children = nodes.filter((n) => n.parent_id === service.id);
    expect(children.length).toBeGreaterThan(0);
    expect(service.total_staff).toBe(service.staff_count + children.reduce((s, c) => s + c.total_staff, 0));
    expect(nodes.some((n) => n.name === '停用部门')).toBe(false);
    // a disabled department takes its subtree out of the picker
    const group = children[0];
    await post(admin, '/admin/Department/status', { id: service.id, status: 0 });
    const after = (await get(handler, '/admin/Org_Level/orglist')).body.data as { id: number }[];
    expect(after.some((n) => n.id === service.id || n.id === group.id)).toBe(false);
    await post(admin, '/admin/Department/status', { id: service.id, status: 1 });
  });
});

describe('positions', () => {
  it('permissions: a handler is refused, the HR role and an admin may; enable and disable apart', async () => {
    const pos = (await h.db.selectFrom('positions').select('id').where('company_id', '=', h.property).orderBy('id').executeTakeFirstOrThrow()).id;
    await refused(403, positions, () => post(handler, '/admin/station/add', { name: '无权岗位' }));
    await refused(403, positions, () => post(handler, '/admin/station/edit', { id: pos, name: 'x' }));
    await refused(403, positions, () => post(handler, '/admin/station/delete', { id: pos }));
    await refused(403, positions, () => post(handler, '/admin/station/status', { id: pos, status: 0 }));
    const { r, log } = await logged(() => post(hr, '/admin/station/add', { name: '测试岗位', sort: 3 }));
    const id = r.body.data.id as number;
    expect(log).toMatchObject({ module: 'position', action: 'add', target_id: id });
    const edit = await logged(() => post(admin, '/admin/station/edit', { id, name: '测试岗位二', sort: 4 }));
    expect(edit.r.body.data).toMatchObject({ id, name: '测试岗位二', sort: 4, used_by: 0 });
    expect(edit.log.detail).toMatchObject({ before: { name: '测试岗位' }, after: { name: '测试岗位二' } });

    await grantOnly(h, h.property, 'chenjing', { position: ['enable'] });
    const enabler = await login(h.app, 'chenjing');
    await refused(403, positions, () => post(enabler, '/admin/station/status', { id, status: 0 }));
    expect((await logged(() => post(hr, '/admin/station/status', { id, status: 0 }))).log).toMatchObject({ action: 'disable' });
    expect((await logged(() => post(enabler, '/admin/station/status', { id, status: 1 }))).log).toMatchObject({ action: 'enable' });
    expect((await logged(() => post(hr, '/admin/station/delete', { id }))).log).toMatchObject({ action: 'delete', target_id: id });
  });

  it('names are unique per company; list is paged with used_by; delete in use is 409', async () => {
    const dup = await refused(400, positions, () => post(admin, '/admin/station/add', { name: '维修工程师' }));
    expect(Object.keys((dup.body.data as { errors: object }).errors)).toEqual(['name']);
    // another company's name does not count
    expect((await post(admin, '/admin/station/add', { name: '网络工程师' })).status).toBe(200);

    const page = await post(hr, '/admin/station/listData', { keyword: '工程师', pageSize: 1 });
    expect(page.body.data).toMatchObject({ pageNo: 1, pageSize: 1, totalCount: 2, totalPage: 2 });
    const list = (await post(hr, '/admin/station/listData', { keyword: '维修工程师' })).body.data.data as { id: number; used_by: number }[];
    expect(list).toHaveLength(1);
    expect(list[0].used_by).toBe(2); // zhangwei and liuqiang
    const blockedDelete = await refused(409, positions, () => post(admin, '/admin/station/delete', { id: list[0].id }));
    expect(blockedDelete.body.msg).toBe('还有 2 名员工担任该岗位，不能删除');
  });

  it('ids of another company are 404', async () => {
    const foreign = (await h.db.selectFrom('positions').select('id').where('company_id', '=', h.it).orderBy('id').executeTakeFirstOrThrow()).id;
    for (const [path, extra] of [
      ['/admin/station/edit', { name: '越界' }],
      ['/admin/station/status', { status: 0 }],
      ['/admin/station/delete', {}],
      ['/admin/station/detail', {}],
    ] as const)
      await refused(404, positions, () => post(admin, path, { id: foreign, ...extra }));
  });
});

describe('categories', () => {
  it('permissions: HR lacks category.* (403); an admin may; enable and disable apart', async () => {
    const cat = (await h.db.selectFrom('categories').select('id').where('company_id', '=', h.property).orderBy('id').executeTakeFirstOrThrow()).id;
    await refused(403, categories, () => post(hr, '/admin/Category/add', { name: '人事分类' }));
    await refused(403, categories, () => post(hr, '/admin/Category/edit', { id: cat, name: 'x' }));
    await refused(403, categories, () => post(hr, '/admin/Category/deleteData', { id: cat }));
    await refused(403, categories, () => post(hr, '/admin/Category/statusUpdate', { id: cat, status: 1 }));
    expect((await get(hr, '/admin/Category/listData')).status).toBe(403);

    const { r, log } = await logged(() => post(admin, '/admin/Category/add', { name: '测试分类' }));
    const id = r.body.data.id as number;
    expect(log).toMatchObject({ module: 'category', action: 'add', target_id: id, target_type: 'category' });
    await grantOnly(h, h.property, 'sunli', { category: ['disable'] });
    const disabler = await login(h.app, 'sunli');
    expect((await logged(() => post(disabler, '/admin/Category/statusUpdate', { id, status: 0 }))).log).toMatchObject({ action: 'disable' });
    await refused(403, categories, () => post(disabler, '/admin/Category/statusUpdate', { id, status: 1 }));
    const edit = await logged(() => post(admin, '/admin/Category/edit', { id, name: '测试分类改', sort: 9, status: 1 }));
    expect(edit.r.body.data).toMatchObject({ id, name: '测试分类改', sort: 9, status: 1, used_by: 0 });
    expect((await logged(() => post(admin, '/admin/Category/deleteData', { id }))).log).toMatchObject({ action: 'delete' });
  });

  it('names are unique; used_by counts applications and orders; delete in use is 409; other company 404', async () => {
    const dup = await refused(400, categories, () => post(admin, '/admin/Category/add', { name: '报事报修' }));
    expect(dup.body.msg).toBe('已有同名分类');
    const list = (await get(admin, '/admin/Category/listData', { keyword: '报事报修' })).body.data.data as { id: number; used_by: number }[];
    expect(list).toHaveLength(1);
    const apps = Number(
      (
        await h.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('category_id', '=', list[0].id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const orders = Number(
      (
        await h.db
          .selectFrom('work_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('category_id', '=', list[0].id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(list[0].used_by).toBe(apps + orders);
    const r = await refused(409, categories, () => post(admin, '/admin/Category/deleteData', { id: list[0].id }));
    expect(r.body.msg).toBe(`该分类下还有 ${apps} 个应用和 ${orders} 个工单，不能删除`);

    const foreign = (await h.db.selectFrom('categories').select('id').where('company_id', '=', h.it).orderBy('id').executeTakeFirstOrThrow()).id;
    await refused(404, categories, () => post(admin, '/admin/Category/edit', { id: foreign, name: '越界' }));
    await refused(404, categories, () => post(admin, '/admin/Category/statusUpdate', { id: foreign, status: 0 }));
    await refused(404, categories, () => post(admin, '/admin/Category/deleteData', { id: foreign }));
  });
});
