/**
 * Sign-in and recovery by SMS code (docs/design.md, "Sign-in by SMS"): the outbox provider,
 * the send limits, single use, wrong tries, expiry, no enumeration, shared numbers, and a
 * provider that cannot deliver.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, dialect, login, setup, type Harness } from './helper.ts';
import { buildApp } from '../src/app.ts';

let h: Harness;
let sup: string;
beforeAll(async () => {
  h = await setup();
  sup = await login(h.app, 'super');
});
afterAll(() => h.close());
// Each test starts with fresh send windows and failure counts.
beforeEach(async () => {
  await h.db.deleteFrom('rate_limit_hits').execute();
  await h.db.deleteFrom('login_failures').execute();
});

const WANGFANG = '13811110001';
const STRONG = 'Larch-Quartz-Viola-42';
let ipSeq = 0;
/** A new client address per call unless one is given, so only the limit under test applies. */
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

async function post(path: string, payload: object, ip = nextIp()) {
  const r = await h.app.inject({ method: 'POST', url: `/index.php${path}`, payload, remoteAddress: ip });
  return { status: r.statusCode, body: r.json<{ code: number; msg: string; data: any }>(), headers: r.headers };
}
const send = (mobile: string, purpose = 'login', ip?: string) => post('/account/sms', { mobile, purpose }, ip);
const signIn = (mobile: string, captcha: string, ip?: string) => post('/admin/Login/sign', { mobile, captcha }, ip);

/** The code of the newest outbox message to `phone`, read as the platform administrator does. */
async function lastCode(phone: string): Promise<string> {
  const r = await call(h.app, 'GET', '/base/sms/outbox', { token: sup, payload: { mobile: phone, pageSize: 1 } });
  expect(r.status).toBe(200);
  const text: string = r.body.data.data[0]?.text ?? '';
  return /\d{6}/.exec(text)?.[0] ?? '';
}
const outboxCount = async (phone: string) =>
  Number(
    (
      await h.db
        .selectFrom('sms_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).n,
  );
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by SMS code', () => {
  it('sends a 6-digit code to the outbox, stored only hashed, and signs in with it once', async () => {
    const sent = await send(WANGFANG);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ retry_after: 60 });
    const code = await lastCode(WANGFANG);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await h.db.selectFrom('sms_codes').selectAll().where('phone', '=', WANGFANG).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    const r = await signIn(` ${WANGFANG.slice(0, 3)}-${WANGFANG.slice(3)} `, code);
    expect(r.status).toBe(200);
    expect(r.body.data.account).toBe('wangfang');
    const companies = await call(h.app, 'GET', '/admin/Home/company_list', { token: r.body.data.token });
    expect(companies.status).toBe(200);
    const log = await h.db
      .selectFrom('operation_logs')
      .select(['action', 'detail'])
      .where('username', '=', 'wangfang')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('login');
    expect(JSON.parse(log.detail)).toEqual({ method: 'sms' });
    expect(log.detail).not.toContain(code);

    // Single use.
    expect((await signIn(WANGFANG, code)).status).toBe(400);
  });

  it('answers an unknown or disabled number exactly as a known one, and sends nothing', async () => {
    const unknown = await send('13999999999');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual((await send('13811110002')).body);
    expect(await outboxCount('13999999999')).toBe(0);
    expect((await signIn('13999999999', '123456')).status).toBe(400);

    await h.db.updateTable('users').set({ status: 0 }).where('username', '=', 'wuhao').execute();
    const before = await outboxCount('13811110009');
    expect((await send('13811110009')).status).toBe(200);
    expect(await outboxCount('13811110009')).toBe(before);
    await h.db.updateTable('users').set({ status: 1 }).where('username', '=', 'wuhao').execute();
  });

  it('sends at most once a minute per phone and per IP, and 10 times a day per phone', async () => {
    expect((await send('13811110003', 'login', '192.0.2.10')).status).toBe(200);
    const samePhone = await send('13811110003', 'login', '192.0.2.11');
    expect(samePhone.status).toBe(429);
    expect(samePhone.body.data.retry_after).toBeGreaterThan(50);
    expect(samePhone.headers['retry-after']).toBeDefined();
    expect((await send('13811110004', 'login', '192.0.2.10')).status).toBe(429);

    // Ten sends over the day (each minute's window emptied in between): the 11th is refused.
    for (let i = 0; i < 10; i++) {
      await h.db.deleteFrom('rate_limit_hits').where('key', 'not like', 'sms:day:%').execute();
      expect((await send('13811110005')).status, `send ${i + 1}`).toBe(200);
    }
    await h.db.deleteFrom('rate_limit_hits').where('key', 'not like', 'sms:day:%').execute();
    const eleventh = await send('13811110005');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toMatch(/今日|today/);
  });

  it('spends a code after 5 wrong tries, and refuses an expired one', async () => {
    await send('13811110006');
    const code = await lastCode('13811110006');
    for (let i = 0; i < 5; i++) expect((await signIn('13811110006', otherCode(code))).status).toBe(400);
    expect((await signIn('13811110006', code)).status).toBe(400);

    await h.db.deleteFrom('rate_limit_hits').execute();
    await send('13811110006');
    const fresh = await lastCode('13811110006');
    await h.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', '13811110006')
      .execute();
    const expired = await signIn('13811110006', fresh);
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('验证码错误或已失效');
  });

  it('counts wrong codes toward the sign-in throttle: brute force from one address meets 429', async () => {
    const ip = '192.0.2.50';
    for (let round = 0; round < 2; round++) {
      await h.db.deleteFrom('rate_limit_hits').execute();
      await send('13811110007', 'login', ip);
      const code = await lastCode('13811110007');
      for (let i = 0; i < 5; i++) expect((await signIn('13811110007', otherCode(code), ip)).status).toBe(400);
    }
    await h.db.deleteFrom('rate_limit_hits').execute();
    await send('13811110007', 'login', ip);
    const r = await signIn('13811110007', await lastCode('13811110007'), ip);
    expect(r.status).toBe(429);
    expect(r.body.data.retry_after).toBeGreaterThan(0);
  });

  it('cannot be skipped: no code, a malformed one or a recovery code does not sign in', async () => {
    const missing = await post('/admin/Login/sign', { mobile: '13811110008' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.errors)).toEqual(['captcha']);
    expect((await signIn('13811110008', '000000')).status).toBe(400);
    await send('13811110008', 'recover');
    expect((await signIn('13811110008', await lastCode('13811110008'))).status).toBe(400);
  });

  it('asks for the username when several accounts share the number', async () => {
    await h.db.updateTable('users').set({ phone: '137-0000-0001' }).where('username', 'in', ['zhangwei', 'liuqiang']).execute();
    await send('13700000001');
    const r = await signIn('13700000001', await lastCode('13700000001'));
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain('账户名');
  });
});

describe('recovery by SMS code', () => {
  it('sets a new password under the policy, signs the account out everywhere, and logs it without secrets', async () => {
    const old = await login(h.app, 'chenjing');
    await send('13811110005', 'recover');
    const code = await lastCode('13811110005');
    const weak = await post('/auth/forge-password', { mobile: '13811110005', captcha: code, password: 'password1', confirmpassword: 'password1' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.data.errors)).toContain('password');
    // The refused password did not spend the code.
    const ok = await post('/auth/forge-password', { mobile: '13811110005', captcha: code, password: STRONG, confirmpassword: STRONG });
    expect(ok.status).toBe(200);
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token: old })).body.code).toBe(101);
    expect((await post('/admin/Login/sign', { username: 'chenjing', password: DEMO_PASSWORD })).status).toBe(400);
    expect((await post('/admin/Login/sign', { username: 'chenjing', password: STRONG })).status).toBe(200);
    const log = await h.db.selectFrom('operation_logs').selectAll().where('action', '=', 'recover_password').executeTakeFirstOrThrow();
    expect(log.username).toBe('chenjing');
    expect(JSON.stringify(log)).not.toContain(STRONG);
    // Reused code.
    expect((await post('/auth/forge-password', { mobile: '13811110005', captcha: code, password: STRONG, confirmpassword: STRONG })).status).toBe(400);
  });

  it('refuses a sign-in code, a code never sent, and asks which account when the number is shared', async () => {
    await send('13811110004');
    const loginCode = await lastCode('13811110004');
    expect((await post('/auth/forge-password', { mobile: '13811110004', captcha: loginCode, password: STRONG, confirmpassword: STRONG })).status).toBe(400);
    expect((await post('/auth/forge-password', { mobile: '13811110003', captcha: '123456', password: STRONG, confirmpassword: STRONG })).status).toBe(400);

    await h.db.deleteFrom('rate_limit_hits').execute();
    await send('13700000001', 'recover');
    const code = await lastCode('13700000001');
    const which = await post('/auth/forge-password', { mobile: '13700000001', captcha: code, password: STRONG, confirmpassword: STRONG });
    expect(which.status).toBe(400);
    expect(Object.keys(which.body.data.errors)).toEqual(['username']);
    const ok = await post('/auth/forge-password', { mobile: '13700000001', captcha: code, username: 'liuqiang', password: STRONG, confirmpassword: STRONG });
    expect(ok.status).toBe(200);
    expect((await post('/admin/Login/sign', { username: 'liuqiang', password: STRONG })).status).toBe(200);
    expect((await post('/admin/Login/sign', { username: 'zhangwei', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('the outbox', () => {
  it('is read by platform administrators only', async () => {
    const admin = await login(h.app, 'admin');
    expect((await call(h.app, 'GET', '/base/sms/outbox', { token: admin, payload: {} })).status).toBe(403);
    expect((await call(h.app, 'GET', '/base/sms/outbox', { payload: {} })).body.code).toBe(101);
    const r = await call(h.app, 'GET', '/base/sms/outbox', { token: sup, payload: { pageSize: 5 } });
    expect(r.status).toBe(200);
    expect(r.body.data.data.length).toBeGreaterThan(0);
    expect(r.body.data.totalCount).toBeGreaterThanOrEqual(r.body.data.data.length);
  });
});

describe('a provider that cannot deliver', () => {
  it('answers 503 with a clear message, never a 500', async () => {
    const app = await buildApp({
      db: h.appDb,
      dialect,
      webDist: null,
      logLevel: 'silent',
      sms: {
        tencent: {
          secretId: 'AKIDtest',
          secretKey: 'test',
          appId: '1400000000',
          signName: 'test',
          templateId: '1',
          region: 'ap-guangzhou',
          // Nothing listens there: the official SDK's request fails at once.
          endpoint: '127.0.0.1:9',
          timeoutS: 5,
        },
      },
    });
    try {
      const r = await app.inject({ method: 'POST', url: '/index.php/account/sms', payload: { mobile: '13811110008' }, remoteAddress: '192.0.2.99' });
      expect(r.statusCode).toBe(503);
      expect(r.json().msg).toBe('短信发送失败，请稍后再试');
    } finally {
      await app.close();
    }
  });
});
