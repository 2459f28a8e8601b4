/**
 * Two-factor sign-in and the session list (docs/design.md, "Two-factor sign-in"): enrolment
 * confirmed by a code; password, SMS and QR sign-ins then owe a second step that cannot be
 * skipped; codes do not replay; recovery codes work once; 5 wrong answers spend a challenge;
 * sessions are listed and signed out one by one or all others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';

let h: Harness;
let token: string;
let secret = '';
let recovery: string[] = [];
const USER = 'zhaolei';
const PHONE = '13811110006';

beforeAll(async () => {
  h = await setup();
  token = await login(h.app, USER);
});
afterAll(() => h.close());

/** The code of the authenticator app `stepsAhead` 30-second steps from now. */
const codeAt = (stepsAhead = 0) =>
  new TOTP({ issuer: 'Smart Work Order', label: USER, secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
const signIn = (password = DEMO_PASSWORD) => call(h.app, 'POST', '/admin/Login/sign', { payload: { username: USER, password } });
const verify = (challenge: string, answer: { code?: string; recovery_code?: string }) =>
  call(h.app, 'POST', '/account/2fa/verify', { payload: { challenge, ...answer } });
const security = (t = token) => call(h.app, 'GET', '/account/security', { token: t });

describe('two-factor sign-in', () => {
  it('is turned on by confirming the app with a code, which returns 10 recovery codes once', async () => {
    const begun = await call(h.app, 'POST', '/account/2fa/begin', { token });
    expect(begun.status).toBe(200);
    secret = begun.body.data.secret;
    expect(begun.body.data.uri).toMatch(/^otpauth:\/\/totp\/Smart%20Work%20Order:zhaolei\?/);
    const wrong = await call(h.app, 'POST', '/account/2fa/confirm', { token, payload: { code: '000000' === codeAt() ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.data.errors)).toEqual(['code']);
    expect((await security()).body.data.two_factor.enabled).toBe(false);

    const ok = await call(h.app, 'POST', '/account/2fa/confirm', { token, payload: { code: codeAt() } });
    expect(ok.status).toBe(200);
    recovery = ok.body.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await security()).body.data.two_factor).toEqual({ enabled: true, recovery_codes_left: 10 });
    const stored = await h.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(recovery[0]);
    expect((await call(h.app, 'POST', '/account/2fa/begin', { token })).status).toBe(409);
  });

  it('then a password sign-in owes the second step: no session until a right code, and a code does not replay', async () => {
    const first = await signIn();
    expect(first.status).toBe(200);
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.two_factor_required).toBe(true);
    const challenge: string = first.body.data.challenge;

    // Skipping the step: a made-up challenge, or none.
    expect((await verify('x'.repeat(43), { code: codeAt(1) })).status).toBe(410);
    expect((await call(h.app, 'POST', '/account/2fa/verify', { payload: { code: codeAt(1) } })).status).toBe(400);

    const code = codeAt(1);
    const done = await verify(challenge, { code });
    expect(done.status).toBe(200);
    expect(done.body.data.account).toBe(USER);
    expect((await security(done.body.data.token)).status).toBe(200);
    expect((await verify(challenge, { code })).status).toBe(410);

    // The same code again, on a new sign-in: refused (its time step is spent).
    const again = await signIn();
    expect((await verify(again.body.data.challenge, { code })).status).toBe(400);
    const log = await h.db
      .selectFrom('operation_logs')
      .select('detail')
      .where('username', '=', USER)
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.detail)).toEqual({ method: 'password+totp' });
  });

  it('takes each recovery code once', async () => {
    const a = await signIn();
    const used = await verify(a.body.data.challenge, { recovery_code: ` ${recovery[0].toUpperCase()} ` });
    expect(used.status).toBe(200);
    const b = await signIn();
    expect((await verify(b.body.data.challenge, { recovery_code: recovery[0] })).status).toBe(400);
    expect((await verify(b.body.data.challenge, { recovery_code: recovery[1] })).status).toBe(200);
    expect((await security()).body.data.two_factor.recovery_codes_left).toBe(8);
  });

  it('spends a challenge after 5 wrong answers', async () => {
    await h.db.deleteFrom('login_failures').execute();
    const c = await signIn();
    for (let i = 0; i < 5; i++) expect((await verify(c.body.data.challenge, { code: '000000' === codeAt() ? '111111' : '000000' })).status).toBe(400);
    expect((await verify(c.body.data.challenge, { code: codeAt(-1) })).status).toBe(410);
    await h.db.deleteFrom('login_failures').execute();
  });

  it('is asked after SMS and QR sign-ins too', async () => {
    await call(h.app, 'POST', '/account/sms', { payload: { mobile: PHONE } });
    const text = (await h.db.selectFrom('sms_outbox').select('text').where('phone', '=', PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow()).text;
    const sms = await call(h.app, 'POST', '/admin/Login/sign', { payload: { mobile: PHONE, captcha: /\d{6}/.exec(text)![0] } });
    expect(sms.body.data.two_factor_required).toBe(true);

    const qr = await call(h.app, 'POST', '/admin/Login/loginQrcode');
    await call(h.app, 'POST', '/admin/Login/qrConfirm', { token, payload: { ticket: qr.body.data.ticket, approve: true } });
    const checked = await call(h.app, 'POST', '/admin/Login/checkLogin', { payload: { poll_token: qr.body.data.poll_token } });
    expect(checked.body.data.status).toBe('approved');
    expect(checked.body.data.login.two_factor_required).toBe(true);
    expect(checked.body.data.login.token).toBeUndefined();
    // As if the next 30-second step had come (the earlier tests spent the steps in reach).
    await h.db.updateTable('user_totp').set({ last_step: 0 }).execute();
    const done = await verify(checked.body.data.login.challenge, { code: codeAt() });
    expect(done.status).toBe(200);
    const log = await h.db
      .selectFrom('operation_logs')
      .select('detail')
      .where('username', '=', USER)
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.detail)).toEqual({ method: 'qr+totp' });
  });

  it('is turned off with the password only', async () => {
    const wrong = await call(h.app, 'POST', '/account/2fa/disable', { token, payload: { password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.data.errors)).toEqual(['password']);
    expect((await call(h.app, 'POST', '/account/2fa/disable', { token, payload: { password: DEMO_PASSWORD } })).status).toBe(200);
    const plain = await signIn();
    expect(plain.body.data.token).toBeTruthy();
    const actions = await h.db
      .selectFrom('operation_logs')
      .select('action')
      .where('username', '=', USER)
      .where('action', 'in', ['enable_2fa', 'disable_2fa'])
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['enable_2fa', 'disable_2fa']);
  });
});

describe('sessions', () => {
  it('are listed with the current one marked, and signed out one by one or all others', async () => {
    const other = await login(h.app, USER);
    const listed = (await security()).body.data.sessions as { id: number; current: boolean }[];
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const otherId = (await security(other)).body.data.sessions.find((s: { current: boolean }) => s.current).id;

    expect((await call(h.app, 'POST', '/account/sessions/revoke', { token, payload: { id: otherId } })).status).toBe(200);
    expect((await security(other)).body.code).toBe(101);
    // Someone else's session is not found.
    const stranger = await login(h.app, 'sunli');
    const strangerId = (await security(stranger)).body.data.sessions[0].id;
    expect((await call(h.app, 'POST', '/account/sessions/revoke', { token, payload: { id: strangerId } })).status).toBe(404);
    expect((await security(stranger)).status).toBe(200);

    const r = await call(h.app, 'POST', '/account/sessions/revoke-others', { token });
    expect(r.body.data.revoked).toBeGreaterThan(0);
    const left = (await security()).body.data.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});
