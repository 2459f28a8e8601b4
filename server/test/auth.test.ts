import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

describe('sign in', () => {
  it('returns an opaque token, the account and nickname', async () => {
    const r = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'admin', password: 'SmartWO#2026', remember_me: true } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data.account).toBe('admin');
    expect(r.body.data.nickname).toBe('系统管理员');
    expect(r.body.data.token.length).toBeGreaterThanOrEqual(22); // >= 128 bits base64url
    const stored = await h.db.selectFrom('sessions').select('token_hash').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(r.body.data.token);
  });

  it('gives the same reply for an unknown user and a wrong password', async () => {
    const unknown = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'nobody', password: 'x' } });
    const wrong = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'wuhao', password: 'wrong-password' } });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('keeps a session 12 hours without remember_me and 7 days with it', async () => {
    await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'wangfang', password: 'SmartWO#2026', remember_me: false } });
    const short = await h.db.selectFrom('sessions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Date.parse(short.expires_at) - Date.parse(short.created_at)).toBe(12 * 3600_000);
    await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'wangfang', password: 'SmartWO#2026', remember_me: 1 } });
    const long = await h.db.selectFrom('sessions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Date.parse(long.expires_at) - Date.parse(long.created_at)).toBe(7 * 24 * 3600_000);
  });

  it('throttles an account from one address after 10 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'sunli', password: `bad${i}` } });
      expect(r.status).toBe(400);
    }
    const blocked = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'sunli', password: 'SmartWO#2026' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(429);
    expect((blocked.body.data as { retry_after: number }).retry_after).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect((await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'zhaolei', password: 'SmartWO#2026' } })).status).toBe(200);
  });

  it('answers 400 with field messages for a malformed body', async () => {
    const r = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: '', password: 'x' } });
    expect(r.status).toBe(400);
    expect(Object.keys((r.body.data as { errors: object }).errors)).toContain('username');
  });
});

describe('tokens', () => {
  it('code 101 without a token, with a garbage token, and after logout', async () => {
    expect((await call(h.app, 'GET', '/admin/Home/company_list')).body.code).toBe(101);
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token: 'garbage' })).body.code).toBe(101);
    const token = await login(h.app, 'huangyan');
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token })).body.code).toBe(200);
    expect((await call(h.app, 'POST', '/auth/logout', { token })).body.code).toBe(200);
    const after = await call(h.app, 'GET', '/admin/Home/company_list', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(101);
  });

  it('accepts Authorization: Bearer as well as the token header', async () => {
    const token = await login(h.app, 'huangyan');
    const r = await call(h.app, 'GET', '/admin/Home/company_list', { headers: { authorization: `Bearer ${token}` } });
    expect(r.body.code).toBe(200);
  });

  it('a password change checks the old password and revokes every token of the user', async () => {
    const a = await login(h.app, 'chenjing');
    const b = await login(h.app, 'chenjing');
    const bad = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token: a,
      payload: { username: '', oldpassword: 'nope', password: 'Quiet-Harbor-71', confirmpassword: 'Quiet-Harbor-71' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { errors: object }).errors)).toEqual(['oldpassword']);
    const mismatch = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token: a,
      payload: { username: '', oldpassword: 'SmartWO#2026', password: 'Quiet-Harbor-71', confirmpassword: 'Other#1' },
    });
    expect(mismatch.status).toBe(400);
    const good = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token: a,
      payload: { username: '', oldpassword: 'SmartWO#2026', password: 'Quiet-Harbor-71', confirmpassword: 'Quiet-Harbor-71' },
    });
    expect(good.body.code).toBe(200);
    for (const t of [a, b]) expect((await call(h.app, 'GET', '/admin/Home/company_list', { token: t })).body.code).toBe(101);
    await expect(login(h.app, 'chenjing')).rejects.toThrow();
    expect(await login(h.app, 'chenjing', 'Quiet-Harbor-71')).toBeTruthy();
  });
});

describe('companies and user info', () => {
  it('lists the companies the user is staff of', async () => {
    const admin = await login(h.app, 'admin');
    const r = await call(h.app, 'GET', '/admin/Home/company_list', { token: admin });
    expect(r.body.data).toEqual([
      { company_id: h.property, company_name: '安居物业服务有限公司' },
      { company_id: h.it, company_name: '云帆信息技术有限公司' },
    ]);
    const handler = await login(h.app, 'zhangwei');
    const only = await call(h.app, 'GET', '/admin/Home/company_list', { token: handler });
    expect(only.body.data).toEqual([{ company_id: h.property, company_name: '安居物业服务有限公司' }]);
  });

  it('user info carries the role, its permissions and the menu tree of that company', async () => {
    const token = await login(h.app, 'zhangwei');
    const r = await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.property } });
    expect(r.body.data.role.name).toBe('处理人');
    expect(r.body.data.role.permissions).toEqual([
      { permissionId: 'workorder', actions: ['query', 'get', 'renling'] },
      { permissionId: 'myorders', actions: ['query'] },
    ]);
    const [root] = r.body.data.menus;
    expect(root.key).toBe('orders');
    expect(root.children.map((m: { key: string }) => m.key)).toEqual(['workorder', 'myorders']);
    expect(JSON.parse(root.children[0].actions)).toEqual(['query', 'get', 'renling']);
  });

  it('refuses a company the user is not staff of with 403', async () => {
    const token = await login(h.app, 'zhangwei');
    const r = await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.it } });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
  });

  it('replies in the language the SPA asks for', async () => {
    const r = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'nobody', password: 'x' }, headers: { lang: 'en-US' } });
    expect(r.body.msg).toBe('Invalid username or password');
    const zh = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'nobody', password: 'x' } });
    expect(zh.body.msg).toBe('账户或密码错误');
  });
});
