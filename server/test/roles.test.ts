/** Roles: grants checked against the menus and the granter, the read-only administrator role, blocked deletes, changes at once, audit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyId, DepartmentId, RoleId, StaffId, UserId } from '@swo/contract';
import { AppError } from '../src/http/errors.ts';
import type { Actor } from '../src/http/context.ts';
import { createRoleService } from '../src/modules/roles/service.ts';
import { call, login, setup, type Harness } from './helper.ts';
import { cast, orderIn, type Cast } from './orders.ts';

let h: Harness;
let admin: string;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  c = await cast(h);
});
afterAll(() => h.close());

const roleCall = (path: string, payload: object, token = admin) =>
  call(h.app, 'POST', `/base/role/${path}`, { token, payload: { company_id: h.property, ...payload } });
const logCount = async () =>
  Number(
    (
      await h.db
        .selectFrom('operation_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('module', '=', 'role')
        .executeTakeFirstOrThrow()
    ).n,
  );
const roleId = async (name: string) =>
  (await h.db.selectFrom('roles').select('id').where('company_id', '=', h.property).where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('roles', () => {
  it('lists the administrator role first, with member counts, scopes and grants', async () => {
    const r = await roleCall('rolelist', { pageSize: 50 });
    expect(r.status).toBe(200);
    const [first, ...rest] = r.body.data.data;
    expect(first).toMatchObject({ name: '管理员', is_admin: true, data_scope: 'company' });
    const handler = rest.find((x: { name: string }) => x.name === '处理人');
    expect(handler.member_count).toBeGreaterThanOrEqual(2);
    expect(handler.permissions).toEqual(expect.arrayContaining([{ permissionId: 'workorder', actions: ['query', 'get', 'renling'] }]));
  });

  it('adds a role with grants and a data scope, and logs it with the role after', async () => {
    const before = await logCount();
    const r = await roleCall('addrole', {
      name: '夜班值守',
      data_scope: 'department',
      permissions: [{ permissionId: 'workorder', actions: ['query', 'get', 'renling'] }],
    });
    expect(r.status).toBe(200);
    const list = await roleCall('rolelist', { keyword: '夜班' });
    expect(list.body.data.data[0]).toMatchObject({ name: '夜班值守', data_scope: 'department', member_count: 0 });
    expect(await logCount()).toBe(before + 1);
    const log = await h.db
      .selectFrom('operation_logs')
      .select(['action', 'target_id', 'detail'])
      .where('module', '=', 'role')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('add');
    expect(log.target_id).toBe(r.body.data.id);
    expect(JSON.parse(log.detail)).toMatchObject({ before: null, after: { name: '夜班值守' } });
  });

  it('refuses an action the menu does not offer, a platform or unknown menu, and a taken name: 400, nothing written', async () => {
    const before = await logCount();
    const roles = Number(
      (
        await h.db
          .selectFrom('roles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const [payload, field] of [
      [{ name: 'x1', permissions: [{ permissionId: 'myorders', actions: ['zhipai'] }] }, 'permissions'],
      [{ name: 'x2', permissions: [{ permissionId: 'nav', actions: ['query'] }] }, 'permissions'],
      [{ name: 'x3', permissions: [{ permissionId: 'orders', actions: [] }] }, 'permissions'],
      [{ name: '处理人' }, 'name'],
    ] as const) {
      const r = await roleCall('addrole', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(r.body.data.errors)).toEqual([field]);
    }
    expect(
      Number(
        (
          await h.db
            .selectFrom('roles')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(roles);
    expect(await logCount()).toBe(before);
  });

  it('the administrator role is read-only', async () => {
    const id = await roleId('管理员');
    expect((await roleCall('updaterole', { id, name: '超级管理员' })).status).toBe(403);
    expect((await roleCall('deleterole', { id })).status).toBe(403);
  });

  it('a role held by staff is not deleted: 409 naming the count', async () => {
    const id = await roleId('处理人');
    const r = await roleCall('deleterole', { id }, admin);
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/\d+ 名员工/);
    expect(await h.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });

  it('an unused role is deleted with its grants', async () => {
    const added = await roleCall('addrole', { name: '临时角色', permissions: [{ permissionId: 'workorder', actions: ['query'] }] });
    const id = added.body.data.id;
    expect((await roleCall('deleterole', { id })).status).toBe(200);
    expect(await h.db.selectFrom('role_grants').select('id').where('role_id', '=', id).execute()).toEqual([]);
  });

  it('a change applies at once: without renling the handler cannot claim on the next call', async () => {
    const order = await orderIn(h, c, 'unassigned');
    const id = await roleId('处理人');
    const r = await roleCall('updaterole', {
      id,
      permissions: [
        { permissionId: 'workorder', actions: ['query', 'get'] },
        { permissionId: 'myorders', actions: ['query'] },
      ],
    });
    expect(r.status).toBe(200);
    const claim = await call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token: c.handler, payload: { company_id: h.property, id: order } });
    expect(claim.status).toBe(403);
    const log = await h.db
      .selectFrom('operation_logs')
      .select('detail')
      .where('module', '=', 'role')
      .where('action', '=', 'edit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const detail = JSON.parse(log.detail);
    expect(detail.before.permissions).toEqual(expect.arrayContaining([{ permissionId: 'workorder', actions: ['query', 'get', 'renling'] }]));
    expect(detail.after.permissions).toEqual(expect.arrayContaining([{ permissionId: 'workorder', actions: ['query', 'get'] }]));
  });

  it('a member who is not an administrator grants only what they hold (403 otherwise)', async () => {
    const actor: Actor = {
      companyId: h.property as CompanyId,
      companyName: '',
      timeZone: 'Asia/Shanghai',
      staffId: 1 as StaffId,
      staffName: 'hr',
      roleId: 1 as RoleId,
      roleName: 'hr',
      isAdmin: false,
      dataScope: 'company',
      departmentId: null as DepartmentId | null,
      boundApplications: new Set(),
      permissions: [{ permissionId: 'workorder', actions: ['query', 'get'] }],
      userId: 1 as UserId,
      username: 'hr',
      ip: '127.0.0.1',
      lang: 'zh-CN',
    };
    const roles = createRoleService(h.appDb);
    const input = { name: '越权', description: '', status: 1, data_scope: 'company' as const };
    await expect(roles.add(actor, { ...input, permissions: [{ permissionId: 'workorder', actions: ['query', 'renling'] }] })).rejects.toSatisfy(
      (e) => e instanceof AppError && e.status === 403,
    );
    await expect(roles.add(actor, { ...input, permissions: [{ permissionId: 'workorder', actions: ['query'] }] })).resolves.toHaveProperty('id');
  });
  it("a status flip needs enable or disable: an edit that also disables without it is 403; {id, status} alone is logged as disable; not one's own role", async () => {
    const editor: Actor = {
      companyId: h.property as CompanyId,
      companyName: '',
      timeZone: 'Asia/Shanghai',
      staffId: 1 as StaffId,
      staffName: 'hr',
      roleId: 1 as RoleId,
      roleName: 'hr',
      isAdmin: false,
      dataScope: 'company',
      departmentId: null,
      boundApplications: new Set(),
      permissions: [{ permissionId: 'role', actions: ['query', 'add', 'edit'] }],
      userId: 1 as UserId,
      username: 'hr',
      ip: '127.0.0.1',
      lang: 'zh-CN',
    };
    const roles = createRoleService(h.appDb);
    const target = (await roles.add(editor, { name: '临时角色', description: '', status: 1, data_scope: 'company', permissions: [] })).id;
    await expect(roles.update(editor, target, { name: '临时角色2', status: 0 })).rejects.toSatisfy((e) => e instanceof AppError && e.status === 403);
    const disabler = { ...editor, permissions: [...editor.permissions, { permissionId: 'role', actions: ['enable', 'disable'] }] };
    await expect(roles.update(disabler, target, { status: 0 })).resolves.toMatchObject({ status: 0 });
    const log = await h.db
      .selectFrom('operation_logs')
      .select('action')
      .where('module', '=', 'role')
      .where('target_id', '=', target)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('disable');
    await expect(roles.update({ ...disabler, roleId: target }, target, { status: 1 })).resolves.toMatchObject({ status: 1 });
    await expect(roles.update({ ...disabler, roleId: target }, target, { status: 0 })).rejects.toSatisfy((e) => e instanceof AppError && e.status === 403);
  });
});
