/** Application administration: public keys (made, rotated), enable/disable, blocked delete, references of the company, audit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, repairSubmission, setup, type Harness } from './helper.ts';
import { applicationId } from './orders.ts';

let h: Harness;
let admin: string;
let template: number;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  template = (await h.db.selectFrom('templates').select('id').where('company_id', '=', h.property).where('name', '=', '报事报修').executeTakeFirstOrThrow()).id;
});
afterAll(() => h.close());

const app = (path: string, payload: object, token = admin) =>
  call(h.app, path === 'list_single' ? 'GET' : 'POST', `/admin/Application/${path}`, { token, payload: { company_id: h.property, ...payload } });
const form = (key: string) => call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } });
const keyOf = async (id: number) => (await h.db.selectFrom('applications').select('app_key').where('id', '=', id).executeTakeFirstOrThrow()).app_key;

describe('applications', () => {
  it('add makes a 128-bit key whose public form works, and lists the application', async () => {
    const r = await app('add', { name: '公区保洁', description: '公共区域保洁需求', template_id: template });
    expect(r.status).toBe(200);
    const key = await keyOf(r.body.data.id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await form(key)).status).toBe(200);
    const detail = await app('list_single', { id: r.body.data.id });
    expect(detail.body.data).toMatchObject({ name: '公区保洁', status: 1, bound_count: 0, staff_ids: [] });
    const list = await call(h.app, 'GET', '/admin/Application/list', { token: admin, payload: { company_id: h.property, keyword: '保洁' } });
    expect(list.body.data.data.map((a: { name: string }) => a.name)).toEqual(['公区保洁']);
  });

  it('a rotated key: the old link is not found, the new one works; the log never holds a key', async () => {
    const id = await applicationId(h, '投诉与建议');
    const old = await keyOf(id);
    const r = await app('update', { id, reset_key: 1 });
    expect(r.status).toBe(200);
    const fresh = await keyOf(id);
    expect(fresh).not.toBe(old);
    expect((await form(old)).status).toBe(404);
    expect((await form(fresh)).status).toBe(200);
    const log = await h.db
      .selectFrom('operation_logs')
      .select(['action', 'detail'])
      .where('module', '=', 'application')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('reset_key');
    expect(log.detail).not.toContain(old);
    expect(log.detail).not.toContain(fresh);
  });

  it('a disabled application: its form and submissions are not found', async () => {
    const id = await applicationId(h, '门禁卡办理');
    const key = await keyOf(id);
    expect((await app('update', { id, status: 0 })).status).toBe(200);
    expect((await form(key)).status).toBe(404);
    const submit = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { ...repairSubmission(key), form_data: {} } });
    expect(submit.status).toBe(404);
    expect((await app('update', { id, status: 1 })).status).toBe(200);
    expect((await form(key)).status).toBe(200);
  });

  it('refuses a taken name (400) and another company template (404), creating nothing', async () => {
    const count = async () =>
      Number(
        (
          await h.db
            .selectFrom('applications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const taken = await app('add', { name: '业主报修', template_id: template });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body.data.errors)).toEqual(['name']);
    const foreign = (await h.db.selectFrom('templates').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow()).id;
    expect((await app('add', { name: '跨公司', template_id: foreign })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('an application with orders is not deleted: 409 naming the count; an unused one is', async () => {
    const used = await app('del', { id: await applicationId(h, '业主报修') });
    expect(used.status).toBe(409);
    expect(used.body.msg).toMatch(/\d+ 个工单/);
    const added = await app('add', { name: '临时应用', template_id: template });
    expect((await app('del', { id: added.body.data.id })).status).toBe(200);
    expect(await h.db.selectFrom('applications').select('id').where('id', '=', added.body.data.id).executeTakeFirst()).toBeUndefined();
  });

  it('needs the actions: a handler may not add; edit without disable may not disable', async () => {
    const handler = await login(h.app, 'zhangwei');
    expect((await app('add', { name: '越权应用', template_id: template }, handler)).status).toBe(403);
    const role = (await h.db.selectFrom('roles').select('id').where('company_id', '=', h.property).where('name', '=', '调度员').executeTakeFirstOrThrow()).id;
    const grant = await call(h.app, 'POST', '/base/role/updaterole', {
      token: admin,
      payload: { company_id: h.property, id: role, permissions: [{ permissionId: 'application', actions: ['query', 'get', 'edit'] }] },
    });
    expect(grant.status).toBe(200);
    const dispatcher = await login(h.app, 'wangfang');
    const id = await applicationId(h, '投诉与建议');
    expect((await app('update', { id, description: '对物业服务的投诉、建议与表扬' }, dispatcher)).status).toBe(200);
    expect((await app('update', { id, status: 0 }, dispatcher)).status).toBe(403);
    expect((await h.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
  });
});

describe('application side of the staff binding', () => {
  const appId = async () =>
    (await h.db.selectFrom('applications').select('id').where('company_id', '=', h.property).orderBy('id').executeTakeFirstOrThrow()).id;
  const staffIdOf = async (username: string) =>
    (
      await h.db
        .selectFrom('staff')
        .innerJoin('users', 'users.id', 'staff.user_id')
        .select('staff.id')
        .where('staff.company_id', '=', h.property)
        .where('users.username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  it('user_list names the bound staff; application_binding_user replaces them and logs before and after', async () => {
    const id = await appId();
    const listed = await call(h.app, 'GET', '/admin/Application/user_list', { token: admin, payload: { company_id: h.property, application_id: id } });
    expect(listed.status).toBe(200);
    const zhang = await staffIdOf('zhangwei');
    const r = await call(h.app, 'POST', '/admin/Application/application_binding_user', {
      token: admin,
      payload: { company_id: h.property, application_id: id, staff_ids: [zhang, zhang] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([expect.objectContaining({ id: zhang, username: 'zhangwei', status: 1 })]);
    const staffSide = await call(h.app, 'GET', '/admin/Staff/staff_application', { token: admin, payload: { company_id: h.property, staff_id: zhang } });
    expect(JSON.stringify(staffSide.body.data)).toContain(`"id":${id}`);
    const log = await h.db
      .selectFrom('operation_logs')
      .select('detail')
      .where('module', '=', 'application')
      .where('action', '=', 'bind')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.detail).after).toEqual({ staff_ids: [zhang] });
    // restore what the other tests expect
    const before = listed.body.data.map((s: { id: number }) => s.id);
    await call(h.app, 'POST', '/admin/Application/application_binding_user', {
      token: admin,
      payload: { company_id: h.property, application_id: id, staff_ids: before },
    });
  });

  it('refuses a disabled member (400 on staff_ids) and changes nothing', async () => {
    const id = await appId();
    const zhang = await staffIdOf('zhangwei');
    await h.db.updateTable('staff').set({ status: 0 }).where('id', '=', zhang).execute();
    const r = await call(h.app, 'POST', '/admin/Application/application_binding_user', {
      token: admin,
      payload: { company_id: h.property, application_id: id, staff_ids: [zhang] },
    });
    await h.db.updateTable('staff').set({ status: 1 }).where('id', '=', zhang).execute();
    expect(r.status).toBe(400);
    expect(r.body.data.errors.staff_ids).toHaveLength(1);
  });
});
