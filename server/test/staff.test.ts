/**
 * Staff calls (docs/design.md, "Staff"): permissions, isolation between companies,
 * accounts (new, linked, reset), sign-out on disable and removal, the rules against
 * escalation, self-changes, shared accounts and losing the last administrator, the audit
 * rows, and the list's filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';

let h: Harness;
let admin: string;
/** An HR clerk of the property company: staff actions, no work-order rights. */
let hr: string;
const ids: Record<string, number> = {};
let member1Password = '';

const staffIdOf = async (username: string, company = h.property) =>
  (
    await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select('staff.id')
      .where('users.username', '=', username)
      .where('staff.company_id', '=', company)
      .executeTakeFirstOrThrow()
  ).id;
const idOf = async (table: 'departments' | 'positions' | 'roles' | 'applications', name: string, company = h.property) =>
  (await h.db.selectFrom(table).select('id').where('company_id', '=', company).where('name', '=', name).executeTakeFirstOrThrow()).id;
const logCount = async () =>
  Number(
    (
      await h.db
        .selectFrom('operation_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const staffLogs = () => h.db.selectFrom('operation_logs').selectAll().where('module', '=', 'staff').orderBy('id').execute();

const post = (path: string, token: string, payload: Record<string, unknown>, company = h.property) =>
  call(h.app, 'POST', `/admin/Staff/${path}`, { token, payload: { company_id: company, ...payload }, headers: { lang: 'en-US' } });
const get = (path: string, token: string, payload: Record<string, unknown>, company = h.property) =>
  call(h.app, 'GET', `/admin/Staff/${path}`, { token, payload: { company_id: company, ...payload }, headers: { lang: 'en-US' } });
/** Any company call, to see whether a token still works. */
const probe = (token: string) => call(h.app, 'GET', '/admin/Home/company_list', { token });

/** Runs a successful change and checks it wrote exactly one staff log row. */
async function oneLog<T>(fn: () => Promise<T>): Promise<T> {
  const before = await logCount();
  const r = await fn();
  expect(await logCount()).toBe(before + 1);
  return r;
}

async function grant(roleId: number, actions: string[]) {
  const menu = await h.db.selectFrom('menus').select('id').where('key', '=', 'staff').executeTakeFirstOrThrow();
  await h.db.deleteFrom('role_grants').where('role_id', '=', roleId).where('menu_id', '=', menu.id).execute();
  for (const action of actions) await h.db.insertInto('role_grants').values({ company_id: h.property, role_id: roleId, menu_id: menu.id, action }).execute();
}

beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  ids.hrRole = await idOf('roles', '人事专员');
  ids.adminRole = await idOf('roles', '管理员');
  ids.dispatcherRole = await idOf('roles', '调度员');
  ids.dept = await idOf('departments', '客户服务部');
  ids.position = await idOf('positions', '客服专员');
  await grant(ids.hrRole, ['query', 'get', 'add', 'edit', 'delete', 'enable']);
  await h.db
    .updateTable('staff')
    .set({ role_id: ids.hrRole })
    .where('id', '=', await staffIdOf('wuhao'))
    .execute();
  hr = await login(h.app, 'wuhao');
  // A role with less than HR holds: HR may hand it out.
  const lesser = await h.db
    .insertInto('roles')
    .values({ company_id: h.property, name: '前台', description: '', is_admin: 0, status: 1, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.lesserRole = lesser.id;
  const deptMenu = await h.db.selectFrom('menus').select('id').where('key', '=', 'department').executeTakeFirstOrThrow();
  await h.db.insertInto('role_grants').values({ company_id: h.property, role_id: lesser.id, menu_id: deptMenu.id, action: 'query' }).execute();
});
afterAll(() => h.close());

const newMember = (n: string, extra: Record<string, unknown> = {}) => ({
  name: `员工${n}`,
  job_number: `T-${n}`,
  department_id: ids.dept,
  position_id: ids.position,
  role_id: ids.lesserRole,
  username: `member${n}`,
  ...extra,
});

describe('permissions', () => {
  it('403 without the action, and nothing changes', async () => {
    const handler = await login(h.app, 'zhangwei');
    const target = await staffIdOf('liuqiang');
    const logs = await logCount();
    const staffBefore = await h.db.selectFrom('staff').selectAll().orderBy('id').execute();
    for (const [method, path, payload] of [
      ['POST', 'add', newMember('x')],
      ['POST', 'update', { id: target, name: 'x' }],
      ['POST', 'update', { id: target, status: 0 }],
      ['POST', 'reset_password', { id: target }],
      ['POST', 'delete', { id: target }],
      ['GET', 'list', {}],
      ['GET', 'list_single', { id: target }],
      ['GET', 'staff_application', { staff_id: target }],
      ['GET', 'staff_application_add', { staff_id: target, application_ids: '' }],
    ] as const) {
      const r = method === 'POST' ? await post(path, handler, payload) : await get(path, handler, payload);
      expect(r.status, path).toBe(403);
    }
    expect(await logCount()).toBe(logs);
    expect(await h.db.selectFrom('staff').selectAll().orderBy('id').execute()).toEqual(staffBefore);
    // the picker is for every member
    expect((await get('staff_search', handler, { keyword: '刘' })).body.data).toEqual([expect.objectContaining({ name: '刘强' })]);
  });

  it('an {id, status} body needs staff.enable / staff.disable; other fields need staff.edit', async () => {
    const target = await staffIdOf('sunli');
    expect((await post('update', hr, { id: target, status: 0 })).status).toBe(403);
    // an edit that flips the status needs the status action too
    expect((await post('update', hr, { id: target, name: '孙丽', status: 0 })).status).toBe(403);
    await oneLog(async () => expect((await post('update', hr, { id: target, status: 1 })).status).toBe(200));
    await oneLog(async () => expect((await post('update', hr, { id: target, name: '孙丽丽' })).body.data.name).toBe('孙丽丽'));
    await grant(ids.hrRole, ['query', 'get', 'add', 'edit', 'delete', 'enable', 'disable']);
  });
});

describe('isolation', () => {
  it('ids of another company are 404, in arrays too, and nothing is written', async () => {
    const itDept = await idOf('departments', '总经办', h.it);
    const itPos = await idOf('positions', '总经理', h.it);
    const itRole = await idOf('roles', '处理人', h.it);
    const itStaff = await staffIdOf('machao', h.it);
    const itApp = await idOf('applications', 'IT服务台', h.it);
    const own = await staffIdOf('zhangwei');
    const ownApp = await idOf('applications', '业主报修');
    const logs = await logCount();
    for (const extra of [{ department_id: itDept }, { position_id: itPos }, { role_id: itRole }])
      expect((await post('add', admin, newMember('iso', extra))).status).toBe(404);
    expect((await post('update', admin, { id: itStaff, name: 'x' })).status).toBe(404);
    expect((await post('update', admin, { id: own, department_id: itDept })).status).toBe(404);
    expect((await post('update', admin, { id: own, role_id: itRole })).status).toBe(404);
    expect((await post('reset_password', admin, { id: itStaff })).status).toBe(404);
    expect((await post('delete', admin, { id: itStaff })).status).toBe(404);
    expect((await get('list_single', admin, { id: itStaff })).status).toBe(404);
    expect((await get('list', admin, { department_id: itDept })).status).toBe(404);
    expect((await get('list', admin, { role_id: itRole })).status).toBe(404);
    expect((await get('staff_application', admin, { staff_id: itStaff })).status).toBe(404);
    expect((await get('staff_application_add', admin, { staff_id: own, application_ids: `${ownApp},${itApp}` })).status).toBe(404);
    expect((await get('staff_application_add', admin, { staff_id: itStaff, application_ids: `${ownApp}` })).status).toBe(404);
    expect(await logCount()).toBe(logs);
    expect(await h.db.selectFrom('users').select('id').where('username', '=', 'memberiso').executeTakeFirst()).toBeUndefined();
  });
});

describe('adding', () => {
  it('a new username gets an account; a generated password is returned once and works', async () => {
    const r = await oneLog(() => post('add', admin, newMember('1')));
    expect(r.status).toBe(200);
    expect(r.body.data.linked_existing_account).toBe(false);
    expect(r.body.data.password.length).toBeGreaterThanOrEqual(12);
    ids.member1 = r.body.data.id;
    member1Password = r.body.data.password;
    await login(h.app, 'member1', r.body.data.password);
    const detail = await get('list_single', admin, { id: r.body.data.id });
    expect(detail.body.data).toMatchObject({
      name: '员工1',
      username: 'member1',
      job_number: 'T-1',
      department_id: ids.dept,
      role_id: ids.lesserRole,
      status: 1,
    });
  });

  it('a duplicate job number is 400 on job_number; a username already staff here is 400 on username', async () => {
    const logs = await logCount();
    const dup = await post('add', admin, newMember('2', { job_number: 'T-1' }));
    expect(dup.status).toBe(400);
    expect(Object.keys(dup.body.data.errors)).toEqual(['job_number']);
    const taken = await post('add', admin, newMember('3', { username: 'zhangwei' }));
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body.data.errors)).toEqual(['username']);
    expect(await logCount()).toBe(logs);
  });

  it('an existing username is linked and keeps its password', async () => {
    const hashBefore = (await h.db.selectFrom('users').select('password_hash').where('username', '=', 'songjia').executeTakeFirstOrThrow()).password_hash;
    const r = await oneLog(() => post('add', admin, newMember('4', { username: 'songjia', password: 'Another#Password#2026' })));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ linked_existing_account: true });
    expect(r.body.data.password).toBeUndefined();
    ids.shared = r.body.data.id;
    expect((await h.db.selectFrom('users').select('password_hash').where('username', '=', 'songjia').executeTakeFirstOrThrow()).password_hash).toBe(hashBefore);
    await login(h.app, 'songjia', DEMO_PASSWORD);
  });
});

describe('password reset', () => {
  it('revokes the old token, returns a working password, and blocks other calls until it is changed', async () => {
    const old = await login(h.app, 'member1', member1Password);
    const r = await oneLog(() => post('reset_password', hr, { id: ids.member1 }));
    expect(r.status).toBe(200);
    const pw = r.body.data.password as string;
    expect(pw.length).toBeGreaterThanOrEqual(12);
    expect((await probe(old)).body.code).toBe(101);

    const signIn = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'member1', password: pw } });
    expect(signIn.body.data.must_change_password).toBe(true);
    const tok = signIn.body.data.token as string;
    const blocked = await call(h.app, 'GET', '/admin/Staff/staff_search', { token: tok, headers: { lang: 'en-US' }, payload: { company_id: h.property } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.msg).toMatch(/change it first/);
    // What the SPA needs to reach the change-password dialog still answers.
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token: tok })).status).toBe(200);
    expect((await call(h.app, 'GET', '/user/info', { token: tok, payload: { company_id: h.property } })).status).toBe(200);
    const changed = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token: tok,
      payload: { oldpassword: pw, password: 'Violet-Harbour-Lantern-77', confirmpassword: 'Violet-Harbour-Lantern-77' },
    });
    expect(changed.status).toBe(200);
    const again = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'member1', password: 'Violet-Harbour-Lantern-77' } });
    expect(again.body.data.must_change_password).toBeUndefined();
    expect((await get('staff_search', again.body.data.token, {})).status).toBe(200);
  });

  it('a member whose role the actor could not assign is 403 (no account takeover)', async () => {
    expect((await post('reset_password', hr, { id: await staffIdOf('yangmin') })).status).toBe(403);
  });

  it('an account that is staff of another company too is not reset nor its account fields changed (403)', async () => {
    const logs = await logCount();
    expect((await post('reset_password', admin, { id: ids.shared })).status).toBe(403);
    expect((await post('update', admin, { id: ids.shared, nickname: 'x' })).status).toBe(403);
    expect((await post('update', admin, { id: ids.shared, email: 'x@example.com' })).status).toBe(403);
    expect(await logCount()).toBe(logs);
    // membership fields are the company's own
    expect((await oneLog(() => post('update', admin, { id: ids.shared, name: '宋佳（兼）' }))).status).toBe(200);
  });
});

describe("a platform administrator's account in a company", () => {
  it('is never reset, invited or edited from it: the takeover chain stops at the first step', async () => {
    const id = await staffIdOf('super');
    const before = await h.db.selectFrom('users').selectAll().where('username', '=', 'super').executeTakeFirstOrThrow();
    const logs = await logCount();
    for (const [path, body] of [
      ['reset_password', { id }],
      ['invite', { id }],
      ['update', { id, phone: '13900009999' }],
      ['update', { id, email: 'mine@example.com' }],
      ['update', { id, username: 'super2' }],
    ] as const) {
      const r = await call(h.app, 'POST', `/admin/Staff/${path}`, { token: admin, headers: { lang: 'en-US' }, payload: { company_id: h.property, ...body } });
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(403);
      expect(r.body.msg).toMatch(/platform administrator/);
    }
    expect(await logCount()).toBe(logs);
    expect(await h.db.selectFrom('users').selectAll().where('username', '=', 'super').executeTakeFirstOrThrow()).toEqual(before);
    await login(h.app, 'super', DEMO_PASSWORD);
  });
});

describe('disable and removal', () => {
  it('disabling signs the member out at once; enabling lets them back in', async () => {
    const add = await post('add', admin, newMember('5', { password: 'Copper-Meadow-Falcon-31' }));
    const tok = await login(h.app, 'member5', 'Copper-Meadow-Falcon-31');
    const r = await oneLog(() => post('update', hr, { id: add.body.data.id, status: 0 }));
    expect(r.body.data.status).toBe(0);
    expect((await probe(tok)).body.code).toBe(101);
    const logs = await staffLogs();
    expect(logs.at(-1)).toMatchObject({ action: 'disable', target_type: 'staff', target_id: add.body.data.id });
    await oneLog(() => post('update', hr, { id: add.body.data.id, status: 1 }));
    await login(h.app, 'member5', 'Copper-Meadow-Falcon-31');
  });

  it('removal signs out, keeps the row for history, and a second add revives it', async () => {
    const add = await post('add', admin, newMember('6', { password: 'Copper-Meadow-Falcon-32' }));
    const tok = await login(h.app, 'member6', 'Copper-Meadow-Falcon-32');
    await oneLog(async () => expect((await post('delete', hr, { id: add.body.data.id })).status).toBe(200));
    expect((await probe(tok)).body.code).toBe(101);
    const row = await h.db.selectFrom('staff').selectAll().where('id', '=', add.body.data.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
    expect(row.deleted_at).not.toBeNull();
    expect((await get('list_single', admin, { id: add.body.data.id })).status).toBe(404);
    const again = await oneLog(() => post('add', admin, newMember('6b', { username: 'member6' })));
    expect(again.body.data.id).toBe(add.body.data.id);
    expect((await get('list_single', admin, { id: add.body.data.id })).body.data).toMatchObject({ status: 1, job_number: 'T-6b' });
  });

  it('removal is 409 while the member handles orders in processing, and the message names the count', async () => {
    const target = await staffIdOf('liuqiang');
    const orders = await h.db.selectFrom('work_orders').select('id').where('company_id', '=', h.property).orderBy('id').limit(2).execute();
    const saved = await h.db
      .selectFrom('work_orders')
      .select(['id', 'status', 'handler_id'])
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    await h.db
      .updateTable('work_orders')
      .set({ status: 'processing', handler_id: target })
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const open = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('handler_id', '=', target)
      .where('status', '=', 'processing')
      .executeTakeFirstOrThrow();
    const logs = await logCount();
    const r = await post('delete', admin, { id: target });
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain(` ${Number(open.n)} `);
    expect(await logCount()).toBe(logs);
    for (const o of saved) await h.db.updateTable('work_orders').set({ status: o.status, handler_id: o.handler_id }).where('id', '=', o.id).execute();
  });
});

describe('escalation and self', () => {
  it('a role is assigned only by someone holding all it grants; the administrator role only by an administrator', async () => {
    const logs = await logCount();
    expect((await post('add', hr, newMember('7', { role_id: ids.adminRole }))).status).toBe(403);
    expect((await post('add', hr, newMember('7', { role_id: ids.dispatcherRole }))).status).toBe(403);
    expect((await post('update', hr, { id: ids.member1, role_id: ids.dispatcherRole })).status).toBe(403);
    expect((await post('update', hr, { id: ids.member1, role_id: ids.hrRole })).status).toBe(200);
    expect(await logCount()).toBe(logs + 1);
    expect((await oneLog(() => post('update', admin, { id: ids.member1, role_id: ids.adminRole }))).status).toBe(200);
    await post('update', admin, { id: ids.member1, role_id: ids.lesserRole });
  });

  it('nobody changes their own role or status or removes themselves', async () => {
    const me = await staffIdOf('admin');
    const logs = await logCount();
    expect((await post('update', admin, { id: me, status: 0 })).status).toBe(403);
    expect((await post('update', admin, { id: me, role_id: ids.hrRole })).status).toBe(403);
    expect((await post('delete', admin, { id: me })).status).toBe(403);
    const wuhao = await staffIdOf('wuhao');
    expect((await post('update', hr, { id: wuhao, status: 0 })).status).toBe(403);
    expect((await post('delete', hr, { id: wuhao })).status).toBe(403);
    expect(await logCount()).toBe(logs);
  });

  it('the last active administrator is not disabled, removed or given another role (409)', async () => {
    const superStaff = await staffIdOf('super');
    const adminStaff = await staffIdOf('admin');
    await h.db.updateTable('staff').set({ status: 0 }).where('id', '=', superStaff).execute();
    const logs = await logCount();
    expect((await post('update', hr, { id: adminStaff, status: 0 })).status).toBe(409);
    expect((await post('update', hr, { id: adminStaff, role_id: ids.lesserRole })).status).toBe(409);
    expect((await post('delete', hr, { id: adminStaff })).status).toBe(409);
    expect(await logCount()).toBe(logs);
    // with a second active administrator, the first may go
    await h.db.updateTable('staff').set({ status: 1 }).where('id', '=', superStaff).execute();
    const tok = await login(h.app, 'super');
    expect((await oneLog(() => post('update', hr, { id: adminStaff, status: 0 }))).status).toBe(200);
    expect((await post('update', tok, { id: adminStaff, status: 1 })).status).toBe(200);
  });
});

describe('applications', () => {
  it('sets the bindings of an active member; a disabled one is 400', async () => {
    const target = await staffIdOf('zhangwei');
    const a = await idOf('applications', '业主报修');
    const b = await idOf('applications', '投诉与建议');
    const r = await oneLog(() => get('staff_application_add', admin, { staff_id: target, application_ids: `${a},${b}` }));
    expect(r.status).toBe(200);
    expect(r.body.data.filter((x: { bound: boolean }) => x.bound).map((x: { id: number }) => x.id)).toEqual([a, b].sort((x, y) => x - y));
    expect((await get('list_single', admin, { id: target })).body.data.application_ids).toEqual([a, b].sort((x, y) => x - y));
    expect((await get('staff_application', admin, { staff_id: target })).body.data).toHaveLength(3);
    // a GET that changes state is never cached
    const raw = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/Staff/staff_application_add',
      query: { company_id: String(h.property), staff_id: String(target), application_ids: `${a},${b}` },
      headers: { token: admin },
    });
    expect(raw.headers['cache-control']).toContain('no-store');
    await post('update', admin, { id: ids.member1, status: 0 });
    expect((await get('staff_application_add', admin, { staff_id: ids.member1, application_ids: `${a}` })).status).toBe(400);
    await post('update', admin, { id: ids.member1, status: 1 });
  });
});

describe('the list', () => {
  it('filters by department with its descendants, position, role, status and keyword', async () => {
    const eng = await idOf('departments', '工程维修部');
    const r = await get('list', admin, { department_id: eng, pageSize: 100 });
    expect(r.body.data.data.map((s: { username: string }) => s.username).sort()).toEqual(['liuqiang', 'yangmin', 'zhangwei']);
    expect(r.body.data.totalCount).toBe(3);
    const byRole = await get('list', admin, { role_id: ids.hrRole });
    expect(byRole.body.data.data.map((s: { username: string }) => s.username)).toEqual(['wuhao']);
    const byKeyword = await get('list', admin, { keyword: 'member' });
    expect(byKeyword.body.data.totalCount).toBeGreaterThanOrEqual(3);
    const page = await get('list', admin, { pageSize: 2, pageNo: 1 });
    expect(page.body.data.data).toHaveLength(2);
    expect(page.body.data.totalPage).toBe(Math.ceil(page.body.data.totalCount / 2));
    const disabled = await get('list', admin, { status: 0 });
    expect(disabled.body.data.data.every((s: { status: number }) => s.status === 0)).toBe(true);
    const pos = await get('list', admin, { position_id: ids.position, pageSize: 100 });
    expect(pos.body.data.data.every((s: { position_id: number }) => s.position_id === ids.position)).toBe(true);
  });
});

describe('audit', () => {
  it('every staff row has before/after and no password, hash or token anywhere in the log', async () => {
    const logs = await staffLogs();
    expect(logs.length).toBeGreaterThan(5);
    for (const l of logs) {
      const d = JSON.parse(l.detail) as Record<string, unknown>;
      expect(d).toHaveProperty('before');
      expect(d).toHaveProperty('after');
      expect(l.target_type).toBe('staff');
    }
    const all = (await h.db.selectFrom('operation_logs').select('detail').execute()).map((l) => l.detail).join('\n');
    expect(all).not.toMatch(/password_hash|\$argon2|token/i);
    expect(all).not.toContain(member1Password);
    expect(all).not.toContain('Copper-Meadow-Falcon');
  });
});

// Speed at this size is measured by `npm run bench`; here the answers are checked.
describe('at 10,000 staff', () => {
  it('the list pages and filters (department with descendants, keyword, deep page) and the picker caps at 20', async () => {
    const at = new Date().toISOString();
    const depts = [await idOf('departments', '水电班'), await idOf('departments', '客服一组'), await idOf('departments', '安保部')];
    const role = await idOf('roles', '处理人');
    for (let chunk = 0; chunk < 20; chunk++) {
      const users = await h.db
        .insertInto('users')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            username: `bulk${chunk}_${i}`,
            password_hash: 'x',
            nickname: `bulk${chunk}_${i}`,
            phone: '',
            email: '',
            avatar: '',
            status: 1,
            is_platform_admin: 0,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      await h.db
        .insertInto('staff')
        .values(
          users.map((u, i) => ({
            company_id: h.property,
            user_id: u.id,
            name: `批量${chunk}-${i}`,
            job_number: `B${chunk}-${i}`,
            department_id: depts[i % 3],
            position_id: null,
            role_id: role,
            status: 1,
            created_at: at,
            deleted_at: null,
          })),
        )
        .execute();
    }
    const eng = await idOf('departments', '工程维修部');
    for (const q of [{}, { department_id: eng }, { keyword: '批量7-4' }, { status: 1, pageNo: 300 }]) {
      const r = await get('list', admin, q);
      expect(r.status, JSON.stringify(q)).toBe(200);
      expect(r.body.data.data.length, JSON.stringify(q)).toBeGreaterThan(0);
    }
    expect((await get('list', admin, { department_id: eng })).body.data.totalCount).toBeGreaterThan(3333);
    const pick = await get('staff_search', admin, { keyword: '批量1' });
    expect(pick.body.data).toHaveLength(20);
  });
});
