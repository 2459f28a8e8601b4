/**
 * Sign-in by QR code (docs/design.md, "Sign-in by QR code"): a ticket approved on a signed-in
 * phone gives the asking browser its own session once; denied, expired, reused and unknown
 * tickets say so; the ticket alone (what the QR code shows) cannot collect the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
let phone: string;
beforeAll(async () => {
  h = await setup();
  phone = await login(h.app, 'huangyan');
});
afterAll(() => h.close());

const DESKTOP = { ip: '203.0.113.77', agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 desktop' };

async function ask() {
  const r = await h.app.inject({
    method: 'POST',
    url: '/index.php/admin/Login/loginQrcode',
    remoteAddress: DESKTOP.ip,
    headers: { 'user-agent': DESKTOP.agent },
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ data: { ticket: string; poll_token: string; path: string; expires_in: number } }>().data;
}
async function check(pollToken: string) {
  const r = await h.app.inject({
    method: 'POST',
    url: '/index.php/admin/Login/checkLogin',
    payload: { poll_token: pollToken },
    remoteAddress: DESKTOP.ip,
    headers: { 'user-agent': DESKTOP.agent },
  });
  return { status: r.statusCode, body: r.json<{ code: number; msg: string; data: any }>() };
}
const describeTicket = (ticket: string, token = phone) => call(h.app, 'GET', '/admin/Login/qrInfo', { token, payload: { ticket } });
const decide = (ticket: string, approve: boolean, token = phone) => call(h.app, 'POST', '/admin/Login/qrConfirm', { token, payload: { ticket, approve } });

describe('QR sign-in', () => {
  it('approved on the phone: the desktop gets its own new session, once, and the phone is told who asked', async () => {
    const t = await ask();
    expect(t.path).toBe(`/user/wechat?ticket=${t.ticket}`);
    expect(t.expires_in).toBe(120);
    expect(t.poll_token).not.toBe(t.ticket);
    expect((await check(t.poll_token)).body.data).toEqual({ status: 'waiting' });

    const seen = await describeTicket(t.ticket);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ ip: DESKTOP.ip, user_agent: DESKTOP.agent });
    expect((await check(t.poll_token)).body.data).toEqual({ status: 'scanned' });

    expect((await decide(t.ticket, true)).body.data).toEqual({ status: 'approved' });
    const done = await check(t.poll_token);
    expect(done.body.data.status).toBe('approved');
    const desktopToken: string = done.body.data.login.token;
    expect(desktopToken).not.toBe(phone);
    expect(done.body.data.login.account).toBe('huangyan');
    // The desktop's session is its own: its address and agent, not the phone's.
    const sessions = await h.db.selectFrom('sessions').select(['ip', 'user_agent']).orderBy('id', 'desc').limit(1).execute();
    expect(sessions[0]).toEqual({ ip: DESKTOP.ip, user_agent: DESKTOP.agent });
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token: desktopToken })).status).toBe(200);

    // Collected once; the ticket cannot be answered again.
    expect((await check(t.poll_token)).body.data).toEqual({ status: 'used' });
    expect((await describeTicket(t.ticket)).status).toBe(410);
    expect((await decide(t.ticket, true)).status).toBe(410);

    const logs = await h.db
      .selectFrom('operation_logs')
      .select(['action', 'detail'])
      .where('username', '=', 'huangyan')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['login', 'qr_approve']);
    expect(JSON.parse(logs[0].detail)).toEqual({ method: 'qr' });
  });

  it('denied on the phone: the desktop is told so and gets nothing', async () => {
    const t = await ask();
    expect((await decide(t.ticket, false)).body.data).toEqual({ status: 'denied' });
    const r = await check(t.poll_token);
    expect(r.body.data).toEqual({ status: 'denied' });
    expect((await decide(t.ticket, true)).status).toBe(410);
    expect((await check(t.poll_token)).body.data.login).toBeUndefined();
  });

  it('expired after 2 minutes: neither side can use it', async () => {
    const t = await ask();
    await h.db
      .updateTable('qr_logins')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('status', '=', 'waiting')
      .execute();
    expect((await check(t.poll_token)).body.data).toEqual({ status: 'expired' });
    const r = await describeTicket(t.ticket);
    expect(r.status).toBe(410);
    expect(r.body.msg).toContain('二维码已失效');
    expect((await decide(t.ticket, true)).status).toBe(410);
  });

  it('the ticket of the QR code cannot collect the session; an unknown poll token is 404', async () => {
    const t = await ask();
    await decide(t.ticket, true);
    expect((await check(t.ticket)).status).toBe(404);
    expect((await check('x'.repeat(43))).status).toBe(404);
    // The rightful browser still can.
    expect((await check(t.poll_token)).body.data.status).toBe('approved');
  });

  it('needs a signed-in phone, and an account disabled before collection signs nobody in', async () => {
    const t = await ask();
    expect((await call(h.app, 'GET', '/admin/Login/qrInfo', { payload: { ticket: t.ticket } })).body.code).toBe(101);
    expect((await call(h.app, 'POST', '/admin/Login/qrConfirm', { payload: { ticket: t.ticket, approve: true } })).body.code).toBe(101);

    const wuhao = await login(h.app, 'wuhao');
    await decide(t.ticket, true, wuhao);
    await h.db.updateTable('users').set({ status: 0 }).where('username', '=', 'wuhao').execute();
    try {
      expect((await check(t.poll_token)).status).toBe(403);
    } finally {
      await h.db.updateTable('users').set({ status: 1 }).where('username', '=', 'wuhao').execute();
    }
  });
});
