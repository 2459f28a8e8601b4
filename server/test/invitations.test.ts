/**
 * Invitations (docs/design.md, "Invitations"): an administrator's single-use, 7-day link with
 * which a new member chooses username and password and lands in the company; the link is
 * spent by use, by a newer link and by time; accounts already their owner's are not invited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
let admin: string;
let staffId = 0;
let generated = '';
const STRONG = 'Harbor-Tulip-Orbit-58';

beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  const role = await h.db.selectFrom('roles').select('id').where('company_id', '=', h.property).where('name', '=', '普通员工').executeTakeFirstOrThrow();
  const r = await post('add', { name: '新同事', job_number: 'INV-1', role_id: role.id, status: 1, username: 'inv.new', phone: '13900001111' });
  expect(r.status).toBe(200);
  staffId = r.body.data.id;
  generated = r.body.data.password;
});
afterAll(() => h.close());

const post = (path: string, payload: Record<string, unknown>, token = admin, company = h.property) =>
  call(h.app, 'POST', `/admin/Staff/${path}`, { token, payload: { company_id: company, ...payload } });
const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('invitation') ?? '';
const info = (token: string) => call(h.app, 'GET', '/auth/invitation', { payload: { token } });
const accept = (token: string, username: string, password: string) =>
  call(h.app, 'POST', '/auth/register', { payload: { token, username, password, confirmpassword: password } });

describe('invitations', () => {
  it('are made for a new member, show the company, and a newer link spends the older one', async () => {
    const first = await post('invite', { id: staffId });
    expect(first.status).toBe(200);
    expect(first.body.data.path).toMatch(/^\/user\/register\?invitation=[\w-]{40,}$/);
    const days = (Date.parse(first.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const shown = await info(tokenOf(first.body.data.path));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ company_id: h.property, name: '新同事', username: 'inv.new' });

    const second = await post('invite', { id: staffId });
    expect((await info(tokenOf(first.body.data.path))).status).toBe(410);
    expect((await info(tokenOf(second.body.data.path))).status).toBe(200);

    const logs = await h.db.selectFrom('operation_logs').selectAll().where('module', '=', 'staff').where('action', '=', 'invite').execute();
    expect(logs).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain(tokenOf(second.body.data.path));
  });

  it('accepted: own username and password under the policy, signed in to the company, once', async () => {
    const link = await post('invite', { id: staffId });
    const token = tokenOf(link.body.data.path);
    const weak = await accept(token, 'inv.self', 'password1');
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.data.errors)).toEqual(['password']);
    const taken = await accept(token, 'admin', STRONG);
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body.data.errors)).toEqual(['username']);

    const ok = await accept(token, 'inv.self', STRONG);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ account: 'inv.self', company_id: h.property });
    expect(ok.body.data.must_change_password).toBeUndefined();
    const me = await call(h.app, 'GET', '/user/info', { token: ok.body.data.token, payload: { company_id: h.property } });
    expect(me.status).toBe(200);

    expect((await accept(token, 'inv.again', STRONG)).status).toBe(410);
    expect((await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'inv.new', password: generated } })).status).toBe(400);
    expect((await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'inv.self', password: STRONG } })).status).toBe(200);
    const row = await h.db.selectFrom('operation_logs').selectAll().where('action', '=', 'accept_invitation').executeTakeFirstOrThrow();
    expect(row.company_id).toBe(h.property);
    expect(JSON.stringify(row)).not.toContain(STRONG);

    // The account is now its owner's: no more invitations for it.
    const again = await post('invite', { id: staffId });
    expect(again.status).toBe(409);
    // Nor after an administrator's reset: the account stays its owner's.
    expect((await post('reset_password', { id: staffId })).status).toBe(200);
    expect((await post('invite', { id: staffId })).status).toBe(409);
  });

  it('expire after 7 days', async () => {
    const role = await h.db.selectFrom('roles').select('id').where('company_id', '=', h.property).where('name', '=', '普通员工').executeTakeFirstOrThrow();
    const added = await post('add', { name: '过期', job_number: 'INV-2', role_id: role.id, status: 1, username: 'inv.late', email: 'late@example.com' });
    const link = await post('invite', { id: added.body.data.id });
    await h.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('staff_id', '=', added.body.data.id)
      .execute();
    const r = await accept(tokenOf(link.body.data.path), 'inv.late2', STRONG);
    expect(r.status).toBe(410);
    expect(r.body.msg).toContain('邀请链接已失效');
  });

  it('are refused for accounts already in use, members without phone or e-mail, other companies and the unpermitted', async () => {
    const demo = await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select('staff.id')
      .where('users.username', '=', 'chenjing')
      .where('staff.company_id', '=', h.property)
      .executeTakeFirstOrThrow();
    expect((await post('invite', { id: demo.id })).status).toBe(409);

    const role = await h.db.selectFrom('roles').select('id').where('company_id', '=', h.property).where('name', '=', '普通员工').executeTakeFirstOrThrow();
    const bare = await post('add', { name: '无联系方式', job_number: 'INV-3', role_id: role.id, status: 1, username: 'inv.bare' });
    const refused = await post('invite', { id: bare.body.data.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('手机号或邮箱');

    // The IT company's administrator names the property company's member: not found there.
    expect((await post('invite', { id: bare.body.data.id }, admin, h.it)).status).toBe(404);
    const dispatcher = await login(h.app, 'wangfang');
    expect((await post('invite', { id: bare.body.data.id }, dispatcher)).status).toBe(403);
  });
});
