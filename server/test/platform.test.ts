/** The platform's calls: menus, accounts and companies, for platform administrators only, each change audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';

let h: Harness;
let admin: string;
let sup: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  sup = await login(h.app, 'super');
});
afterAll(() => h.close());

const post = (path: string, payload: object, token = sup) => call(h.app, 'POST', path, { token, payload: payload as Record<string, unknown> });
const logRows = (module: string) =>
  h.db.selectFrom('operation_logs').select(['company_id', 'action', 'target_id', 'detail']).where('module', '=', module).orderBy('id').execute();
const menuId = async (key: string) => (await h.db.selectFrom('menus').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
const flat = (tree: { key: string; children?: unknown[] }[]): string[] =>
  tree.flatMap((m) => [m.key, ...flat((m.children ?? []) as { key: string; children?: unknown[] }[])]);
const userInfoKeys = async (token: string) => {
  const r = await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.property } });
  return flat(r.body.data.menus);
};

describe('menus', () => {
  it('are the platform administrator’s: a company administrator gets 403 on every menu call', async () => {
    for (const [path, body] of [
      ['/base/Nav/getnavlist', {}],
      ['/base/Nav/addnav', { key: 'x1', name: 'x', url: '/x', url_name: 'Link' }],
      ['/base/nav/updatenav', { id: await menuId('dashboard'), sort: 2 }],
      ['/base/nav/deletenav', { id: await menuId('dashboard') }],
      ['/base/nav/setnavstatus', { id: await menuId('dashboard'), status: 0 }],
    ] as const) {
      const r = await post(path, { company_id: h.property, ...body }, admin);
      expect(r.status, path).toBe(403);
    }
    expect(await logRows('menu')).toHaveLength(0);
  });

  it('lists the whole tree to the platform, marking built-in and platform menus', async () => {
    const r = await post('/base/Nav/getnavlist', {});
    expect(r.status).toBe(200);
    const platform = r.body.data.find((m: { key: string }) => m.key === 'platform');
    expect(platform).toMatchObject({ builtin: true, platform: true });
    expect(platform.children.map((c: { key: string }) => c.key)).toEqual(['nav', 'account', 'company', 'library']);
    const orders = r.body.data.find((m: { key: string }) => m.key === 'orders');
    expect(orders.children[0]).toMatchObject({ key: 'workorder', platform: false, actions: expect.arrayContaining(['renling', 'zhipai']) });
  });

  it('shows platform menus to platform administrators only, and never offers them to roles', async () => {
    expect(await userInfoKeys(sup)).toEqual(expect.arrayContaining(['platform', 'nav', 'account', 'company']));
    expect(await userInfoKeys(admin)).not.toContain('nav');
    const g = await post('/base/nav/getsetnavlist', { company_id: h.property }, admin);
    expect(g.status).toBe(200);
    const keys = flat(g.body.data);
    expect(keys).toEqual(expect.arrayContaining(['orders', 'workorder', 'staff', 'role']));
    expect(keys).not.toContain('nav');
    const add = await post('/base/role/addrole', { company_id: h.property, name: '偷权限', permissions: [{ permissionId: 'nav', actions: ['query'] }] }, admin);
    expect(add.status).toBe(400);
  });

  it('refuses urls that are neither an internal path nor http(s), unknown icons and components', async () => {
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x.example']) {
      const r = await post('/base/Nav/addnav', { key: 'bad', name: 'Bad', url, url_name: 'Link' });
      expect(r.status, url).toBe(400);
      expect(r.body.data.errors.url[0]).toMatch(/http\(s\)/);
    }
    expect((await post('/base/Nav/addnav', { key: 'bad', name: 'Bad', url: '/x', url_name: 'Evil' })).status).toBe(400);
    expect((await post('/base/Nav/addnav', { key: 'bad', name: 'Bad', url: '/x', url_name: 'Link', icon: 'NotAnIcon' })).status).toBe(400);
    expect(await logRows('menu')).toHaveLength(0);
  });

  it('adds a hidden link menu that company administrators reach but do not see in the menu', async () => {
    const r = await post('/base/Nav/addnav', {
      key: 'monitor',
      name: 'Monitor',
      url: 'https://status.example.com/board',
      url_name: 'Link',
      icon: 'MonitorOutlined',
      pid: await menuId('system'),
      show: 0,
      actions: ['query'],
      sort: 39,
    });
    expect(r.status).toBe(200);
    const info = await call(h.app, 'GET', '/user/info', { token: admin, payload: { company_id: h.property } });
    const system = info.body.data.menus.find((m: { key: string }) => m.key === 'system');
    expect(system.children.find((m: { key: string }) => m.key === 'monitor')).toMatchObject({ show: 0, url: 'https://status.example.com/board' });
    const [row] = await logRows('menu');
    expect(row).toMatchObject({ company_id: null, action: 'add', target_id: r.body.data.id });
    expect(JSON.parse(row.detail).after).toMatchObject({ key: 'monitor', show: 0 });
  });

  it('keeps keys unique and built-in keys fixed, and never moves a menu below itself', async () => {
    expect((await post('/base/Nav/addnav', { key: 'monitor', name: 'Again', url: '/again', url_name: 'Link' })).body.data.errors.key).toHaveLength(1);
    const rename = await post('/base/nav/updatenav', { id: await menuId('workorder'), key: 'tickets' });
    expect(rename.status).toBe(400);
    expect(rename.body.data.errors.key).toHaveLength(1);
    const loop = await post('/base/nav/updatenav', { id: await menuId('system'), pid: await menuId('monitor') });
    expect(loop.status).toBe(400);
    expect(loop.body.data.errors.pid).toHaveLength(1);
    const retitle = await post('/base/nav/updatenav', { id: await menuId('workorder'), sort: 15 });
    expect(retitle.status).toBe(200);
    expect(retitle.body.data).toMatchObject({ key: 'workorder', sort: 15, builtin: true });
  });

  it('drops the grants of actions a menu stops offering, in every company', async () => {
    const monitor = await menuId('monitor');
    const add = await post(
      '/base/role/addrole',
      { company_id: h.property, name: '看板', permissions: [{ permissionId: 'monitor', actions: ['query'] }] },
      admin,
    );
    expect(add.status).toBe(200);
    const grants = () => h.db.selectFrom('role_grants').select('action').where('menu_id', '=', monitor).execute();
    expect(await grants()).toHaveLength(1);
    const r = await post('/base/nav/updatenav', { id: monitor, actions: ['get'] });
    expect(r.status).toBe(200);
    expect(await grants()).toHaveLength(0);
    expect(JSON.parse((await logRows('menu')).at(-1)!.detail)).toMatchObject({ grants_dropped: 1 });
  });

  it('blocks deleting a built-in menu or one with children (409), deletes a leaf; disabling hides a menu at once', async () => {
    const system = await menuId('system');
    const before = (await logRows('menu')).length;
    const builtin = await post('/base/nav/deletenav', { id: system });
    expect(builtin.status).toBe(409);
    const child = await post('/base/Nav/addnav', { key: 'child', name: 'Child', url: '/child', url_name: 'Link', pid: await menuId('monitor') });
    const parent = await post('/base/nav/deletenav', { id: await menuId('monitor') });
    expect(parent.status).toBe(409);
    expect(parent.body.msg).toContain('1');
    expect((await post('/base/nav/deletenav', { id: child.body.data.id })).status).toBe(200);
    expect((await post('/base/nav/deletenav', { id: await menuId('monitor') })).status).toBe(200);
    expect(await h.db.selectFrom('menus').select('id').where('key', 'in', ['monitor', 'child']).execute()).toHaveLength(0);
    expect((await logRows('menu')).length).toBe(before + 3);

    const off = await post('/base/nav/setnavstatus', { id: await menuId('category'), status: 0 });
    expect(off.status).toBe(200);
    expect(await userInfoKeys(admin)).not.toContain('category');
    await post('/base/nav/setnavstatus', { id: await menuId('category'), status: 1 });
    expect(await userInfoKeys(admin)).toContain('category');
    expect((await logRows('menu')).slice(-2).map((r) => r.action)).toEqual(['disable', 'enable']);
  });
});

describe('accounts', () => {
  it('are listed with their companies, for the platform only', async () => {
    expect((await post('/base/admin/getadminlist', { company_id: h.property }, admin)).status).toBe(403);
    const r = await post('/base/admin/getadminlist', { keyword: 'admin' });
    expect(r.status).toBe(200);
    const a = r.body.data.data.find((x: { username: string }) => x.username === 'admin');
    expect(a.companies.length).toBeGreaterThanOrEqual(1);
    expect(a.companies[0]).toMatchObject({ company_id: h.property, role_name: '管理员', status: 1 });
    expect(JSON.stringify(r.body)).not.toMatch(/password_hash|argon2/);
  });

  let newId = 0;
  let generated = '';
  it('adds an account with a generated password shown once; it must be changed at the first sign-in', async () => {
    const r = await post('/base/admin/addadmin', { username: 'ops.lead', nickname: '运维主管', email: 'ops@example.com' });
    expect(r.status).toBe(200);
    newId = r.body.data.id;
    generated = r.body.data.password;
    expect(generated.length).toBeGreaterThanOrEqual(12);
    const token = await login(h.app, 'ops.lead', generated);
    const blocked = await call(h.app, 'POST', '/admin/Work/allDaiNumber', { token, payload: { company_id: h.property } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.msg).toBe('这个密码由他人设置，请先修改密码');
    const dup = await post('/base/admin/addadmin', { username: 'ops.lead' });
    expect(dup.status).toBe(400);
    expect(dup.body.data.errors.username).toHaveLength(1);
    const rows = await logRows('account');
    expect(rows).toHaveLength(1);
    expect(rows[0].detail).not.toContain(generated);
  });

  it('edits account fields, but nobody drops their own platform flag, disables themselves or resets their own password here', async () => {
    const r = await post('/base/admin/updatedadmin', { id: newId, phone: '13900001111', is_platform_admin: 1 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ phone: '13900001111', is_platform_admin: true });
    const superId = (await h.db.selectFrom('users').select('id').where('username', '=', 'super').executeTakeFirstOrThrow()).id;
    expect((await post('/base/admin/updatedadmin', { id: superId, is_platform_admin: 0 })).status).toBe(403);
    expect((await post('/base/admin/setstatusadmin', { id: superId, status: 0 })).status).toBe(403);
    expect((await post('/base/admin/setadminpwd', { id: superId })).status).toBe(403);
    await post('/base/admin/updatedadmin', { id: newId, is_platform_admin: 0 });
  });

  it('disabling signs the account out at once and refuses its sign-in; a password set here revokes its tokens', async () => {
    const token = await login(h.app, 'zhangwei');
    expect((await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.property } })).status).toBe(200);
    const id = (await h.db.selectFrom('users').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id;
    expect((await post('/base/admin/setstatusadmin', { id, status: 0 })).status).toBe(200);
    expect((await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.property } })).body.code).toBe(101);
    const signIn = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'zhangwei', password: DEMO_PASSWORD } });
    expect(signIn.status).toBe(403);
    expect((await post('/base/admin/setstatusadmin', { id, status: 1 })).status).toBe(200);

    const again = await login(h.app, 'zhangwei');
    const weak = await post('/base/admin/setadminpwd', { id, password: '12345678' });
    expect(weak.status).toBe(400);
    const set = await post('/base/admin/setadminpwd', { id, password: 'Lantern-Orbit-42' });
    expect(set.status).toBe(200);
    expect(set.body.data.password).toBeUndefined();
    expect((await call(h.app, 'GET', '/user/info', { token: again, payload: { company_id: h.property } })).body.code).toBe(101);
    await login(h.app, 'zhangwei', 'Lantern-Orbit-42');
    const rows = await logRows('account');
    expect(rows.map((r) => r.action).slice(-3)).toEqual(['disable', 'enable', 'reset_password']);
    expect(rows.every((r) => !r.detail.includes('Lantern-Orbit-42'))).toBe(true);
  });
});

describe('companies', () => {
  let companyId = 0;
  it('are created with the administrator role and a first administrator who signs in to it', async () => {
    expect((await post('/admin/Company/add', { company_id: h.property, name: 'X', admin_username: 'x.admin', admin_name: 'X' }, admin)).status).toBe(403);
    const r = await post('/admin/Company/add', { name: '星河物业', admin_username: 'xinghe.admin', admin_name: '林静', time_zone: 'Asia/Shanghai' });
    expect(r.status).toBe(200);
    companyId = r.body.data.id;
    expect(r.body.data).toMatchObject({ linked_existing_account: false });
    const token = await login(h.app, 'xinghe.admin', r.body.data.password);
    const changed = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token,
      payload: { oldpassword: r.body.data.password, password: 'Quiet-Harbor-77', confirmpassword: 'Quiet-Harbor-77' },
    });
    expect(changed.status).toBe(200);
    const fresh = await login(h.app, 'xinghe.admin', 'Quiet-Harbor-77');
    const list = await call(h.app, 'GET', '/admin/Home/company_list', { token: fresh });
    expect(list.body.data).toEqual([{ company_id: companyId, company_name: '星河物业' }]);
    const info = await call(h.app, 'GET', '/user/info', { token: fresh, payload: { company_id: companyId } });
    expect(info.body.data.role).toMatchObject({ is_admin: true });
    expect(flat(info.body.data.menus)).toContain('staff');
    const [row] = await logRows('company');
    expect(row).toMatchObject({ company_id: companyId, action: 'add' });
  });

  it('links an existing account as the first administrator without touching its password', async () => {
    const r = await post('/admin/Company/add', { name: '第二园区', admin_username: 'zhangwei', admin_name: '张伟' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ linked_existing_account: true });
    expect(r.body.data.password).toBeUndefined();
    await login(h.app, 'zhangwei', 'Lantern-Orbit-42');
  });

  it('refuses an unknown time zone and a weak first password, creating nothing', async () => {
    const count = async () => (await h.db.selectFrom('companies').select('id').execute()).length;
    const before = await count();
    expect(
      (await post('/admin/Company/add', { name: 'Z', admin_username: 'z.admin', admin_name: 'Z', time_zone: 'Mars/Olympus' })).body.data.errors.time_zone,
    ).toHaveLength(1);
    expect((await post('/admin/Company/add', { name: 'Z', admin_username: 'z.admin', admin_name: 'Z', admin_password: 'password1' })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lists companies with staff counts and administrators; renames', async () => {
    const r = await post('/admin/Company/update', { id: companyId, name: '星河物业（新）' });
    expect(r.status).toBe(200);
    const list = await post('/admin/Company/list', { keyword: '星河' });
    expect(list.body.data.data).toEqual([expect.objectContaining({ id: companyId, name: '星河物业（新）', staff_count: 1, admins: ['林静'] })]);
  });

  it("keeps a company's last active administrator account enabled (409)", async () => {
    const id = (await h.db.selectFrom('users').select('id').where('username', '=', 'xinghe.admin').executeTakeFirstOrThrow()).id;
    const r = await post('/base/admin/setstatusadmin', { id, status: 0 });
    expect(r.status).toBe(409);
  });

  it("disabling a company removes it from its staff's lists, signs out whoever has no other company, and its forms 404", async () => {
    const token = await login(h.app, 'xinghe.admin', 'Quiet-Harbor-77');
    expect((await post('/admin/Company/status', { id: companyId, status: 0 })).status).toBe(200);
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token })).body.code).toBe(101);

    const key = (await h.db.selectFrom('applications').select('app_key').where('company_id', '=', h.it).executeTakeFirstOrThrow()).app_key;
    expect((await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })).status).toBe(200);
    const itAdmin = await login(h.app, 'admin');
    expect((await post('/admin/Company/status', { id: h.it, status: 0 })).status).toBe(200);
    expect((await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })).status).toBe(404);
    const companies = await call(h.app, 'GET', '/admin/Home/company_list', { token: itAdmin });
    expect(companies.body.data.map((c: { company_id: number }) => c.company_id)).not.toContain(h.it);
    expect((await post('/admin/Company/status', { id: h.it, status: 1 })).status).toBe(200);
    expect((await logRows('company')).filter((r) => r.company_id === h.it).map((r) => r.action)).toEqual(['disable', 'enable']);
  });
});
