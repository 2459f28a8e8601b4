/**
 * Account settings beyond security (docs/design.md, "Account pages"): the basic fields,
 * the avatar, changing the phone with a code sent to the new number, theme settings that
 * follow the person to every device, and the devices that approved QR sign-ins.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-account-test-'));
let h: Harness;
let sup: string;
beforeAll(async () => {
  h = await setup({ uploadDir: dir });
  sup = await login(h.app, 'super');
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.db.deleteFrom('rate_limit_hits').execute();
  await h.db.deleteFrom('login_failures').execute();
});

const PROFILE = {
  nickname: '小王',
  email: 'wang@example.com',
  profile: '负责设备维修',
  country: 'CN',
  province: '上海',
  city: '上海',
  address: '浦东新区世纪大道 100 号',
};
const logsOf = (username: string, action: string) =>
  h.db.selectFrom('operation_logs').select(['detail']).where('username', '=', username).where('action', '=', action).execute();

/** The code of the newest outbox message to `phone`, read as the platform administrator does. */
async function lastCode(phone: string): Promise<string> {
  const r = await call(h.app, 'GET', '/base/sms/outbox', { token: sup, payload: { mobile: phone, pageSize: 1 } });
  return /\d{6}/.exec(r.body.data.data[0]?.text ?? '')?.[0] ?? '';
}

describe('basic settings', () => {
  it('saves the profile fields, shows them back and logs which fields changed', async () => {
    const t = await login(h.app, 'wangfang');
    const saved = await call(h.app, 'POST', '/account/profile', { token: t, payload: PROFILE });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...PROFILE, username: 'wangfang' });
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data).toMatchObject(PROFILE);
    const logs = await logsOf('wangfang', 'update_profile');
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0].detail).fields).toEqual(expect.arrayContaining(['nickname', 'email', 'address']));
    // The new nickname is what the user info says at once.
    const info = await call(h.app, 'GET', '/user/info', { token: t, payload: { company_id: h.property } });
    expect(info.body.data.user.nickname).toBe('小王');
  });

  it('refuses a malformed e-mail or country with field messages and changes nothing', async () => {
    const t = await login(h.app, 'huangyan');
    const before = (await call(h.app, 'GET', '/account/profile', { token: t })).body.data;
    const r = await call(h.app, 'POST', '/account/profile', { token: t, payload: { ...PROFILE, email: 'not-an-address', country: 'China' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.errors)).toEqual(expect.arrayContaining(['email', 'country']));
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await call(h.app, 'GET', '/account/profile')).body.code).toBe(101);
    expect((await call(h.app, 'POST', '/account/profile', { payload: PROFILE })).body.code).toBe(101);
  });
});

async function uploadAvatar(token: string, data: Buffer, name = 'me.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await h.app.inject({ method: 'POST', url: '/index.php/account/avatar/upload', headers: { token }, payload: form });
  return { status: res.statusCode, body: res.json() };
}

describe('avatar', () => {
  it('is cropped to a 256 px WebP square, served publicly by key, and replaces the old file', async () => {
    const t = await login(h.app, 'wangfang');
    const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#c03030' } })
      .png()
      .toBuffer();
    const first = await uploadAvatar(t, wide);
    expect(first.status).toBe(200);
    const url: string = first.body.data.avatar;
    expect(url).toMatch(/^\/index\.php\/account\/avatar\?key=[0-9a-f]{32}$/);
    const got = await h.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toContain('immutable');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data.avatar).toBe(url);

    const second = await uploadAvatar(t, wide);
    expect(second.body.data.avatar).not.toBe(url);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await logsOf('wangfang', 'change_avatar')).toHaveLength(2);
  });

  it('refuses what is not a picture, and serves no form upload through the avatar path', async () => {
    const t = await login(h.app, 'wangfang');
    const before = (await call(h.app, 'GET', '/account/profile', { token: t })).body.data.avatar;
    const bad = await uploadAvatar(t, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.file).toHaveLength(1);
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data.avatar).toBe(before);

    const admin = await login(h.app, 'admin');
    const form = new FormData();
    form.append('company_id', String(h.property));
    form.append(
      'file',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'x.png',
    );
    const upload = (await h.app.inject({ method: 'POST', url: '/index.php/admin/Upload/uploadTwo', headers: { token: admin }, payload: form })).json();
    expect((await h.app.inject({ method: 'GET', url: `/index.php/account/avatar?key=${upload.data.fileId}` })).statusCode).toBe(404);
  });
});

describe('phone change', () => {
  const NEW = '13900009999';

  it('takes the code sent to the new number, once; a wrong code changes nothing', async () => {
    const t = await login(h.app, 'zhangwei');
    const sent = await call(h.app, 'POST', '/account/phone/code', { token: t, payload: { mobile: NEW } });
    expect(sent.status).toBe(200);
    const code = await lastCode(NEW);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call(h.app, 'POST', '/account/phone', { token: t, payload: { mobile: NEW, captcha: wrong } })).status).toBe(400);
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data.phone).not.toBe(NEW);

    const ok = await call(h.app, 'POST', '/account/phone', { token: t, payload: { mobile: NEW, captcha: code } });
    expect(ok.status).toBe(200);
    expect((await call(h.app, 'GET', '/account/profile', { token: t })).body.data.phone).toBe(NEW);
    expect(await logsOf('zhangwei', 'change_phone')).toHaveLength(1);
    // Spent: the same code does not work again, and the number now signs in by SMS.
    expect((await call(h.app, 'POST', '/account/phone', { token: t, payload: { mobile: NEW, captcha: code } })).status).toBe(400);
    await h.db.deleteFrom('rate_limit_hits').execute(); // a minute later
    await call(h.app, 'POST', '/account/sms', { payload: { mobile: NEW } });
    const signIn = await call(h.app, 'POST', '/admin/Login/sign', { payload: { mobile: NEW, captcha: await lastCode(NEW) } });
    expect(signIn.status).toBe(200);
  });

  it('is refused for a number another active account has (409), keeping the code, and for the own number (400)', async () => {
    const t = await login(h.app, 'huangyan');
    await call(h.app, 'POST', '/account/phone/code', { token: t, payload: { mobile: NEW } });
    const code = await lastCode(NEW);
    const taken = await call(h.app, 'POST', '/account/phone', { token: t, payload: { mobile: NEW, captcha: code } });
    expect(taken.status).toBe(409);
    const live = await h.db
      .selectFrom('sms_codes')
      .select('used_at')
      .where('phone', '=', NEW)
      .where('purpose', '=', 'bind')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(live.used_at).toBeNull();

    const own = (await call(h.app, 'GET', '/account/profile', { token: t })).body.data.phone;
    const same = await call(h.app, 'POST', '/account/phone/code', { token: t, payload: { mobile: own } });
    expect(same.status).toBe(400);
    expect(same.body.data.errors.mobile).toHaveLength(1);
  });

  it('counts sends under the SMS limits, and a code for signing in does not change the phone', async () => {
    const t = await login(h.app, 'admin');
    expect((await call(h.app, 'POST', '/account/phone/code', { token: t, payload: { mobile: '13900007777' } })).status).toBe(200);
    expect((await call(h.app, 'POST', '/account/phone/code', { token: t, payload: { mobile: '13900007777' } })).status).toBe(429);
    await h.db.deleteFrom('rate_limit_hits').execute(); // a minute later
    const login1 = await call(h.app, 'POST', '/account/sms', { payload: { mobile: '13811110001' } });
    expect(login1.status).toBe(200);
    const loginCode = await lastCode('13811110001');
    const r = await call(h.app, 'POST', '/account/phone', { token: t, payload: { mobile: '13811110001', captcha: loginCode } });
    expect(r.status).toBe(400);
  });
});

describe('theme settings', () => {
  const DARK_TOP = {
    theme: 'realDark',
    layout: 'topmenu',
    contentWidth: 'Fixed',
    fixedHeader: true,
    fixSiderbar: false,
    primaryColor: '#722ED1',
    colorWeak: false,
    multiTab: false,
  };

  it('are null until saved, then come with the user info of every session and company', async () => {
    const first = await login(h.app, 'admin');
    const info = (token: string, company: number) => call(h.app, 'GET', '/user/info', { token, payload: { company_id: company } });
    expect((await info(first, h.property)).body.data.ui_settings).toBeNull();
    expect((await call(h.app, 'POST', '/account/ui-settings', { token: first, payload: DARK_TOP })).status).toBe(200);
    const second = await login(h.app, 'admin');
    expect((await info(second, h.it)).body.data.ui_settings).toEqual(DARK_TOP);
    const logs = await logsOf('admin', 'update_ui_settings');
    expect(JSON.parse(logs[0].detail).settings).toEqual(DARK_TOP);
  });

  it('refuses a colour outside the palette or an unknown layout', async () => {
    const t = await login(h.app, 'admin');
    const r = await call(h.app, 'POST', '/account/ui-settings', { token: t, payload: { ...DARK_TOP, primaryColor: '#123456', layout: 'mixmenu' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.errors)).toEqual(expect.arrayContaining(['primaryColor', 'layout']));
  });
});

describe('devices that approved QR sign-ins', () => {
  async function approveOne(phone: string) {
    const ask = (await h.app.inject({ method: 'POST', url: '/index.php/admin/Login/loginQrcode' })).json().data;
    expect((await call(h.app, 'POST', '/admin/Login/qrConfirm', { token: phone, payload: { ticket: ask.ticket, approve: true } })).status).toBe(200);
  }

  it('lists the approving phone with its count; removing it signs that phone out', async () => {
    const desk = await login(h.app, 'liuqiang');
    const phone = await login(h.app, 'liuqiang');
    expect((await call(h.app, 'GET', '/account/devices', { token: desk })).body.data).toEqual([]);
    await approveOne(phone);
    await approveOne(phone);
    const list = (await call(h.app, 'GET', '/account/devices', { token: desk })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ approvals: 2, current: false });

    // Someone else cannot remove it.
    const other = await login(h.app, 'wangfang');
    expect((await call(h.app, 'POST', '/account/devices/remove', { token: other, payload: { id: list[0].id } })).status).toBe(404);
    expect((await call(h.app, 'GET', '/account/devices', { token: phone })).status).toBe(200);

    expect((await call(h.app, 'POST', '/account/devices/remove', { token: desk, payload: { id: list[0].id } })).status).toBe(200);
    expect((await call(h.app, 'GET', '/account/devices', { token: phone })).body.code).toBe(101);
    expect((await call(h.app, 'GET', '/account/devices', { token: desk })).body.data).toEqual([]);
    expect(await logsOf('liuqiang', 'remove_device')).toHaveLength(1);
  });

  it('does not list a session that never approved, nor remove it through this call', async () => {
    const desk = await login(h.app, 'liuqiang');
    const plain = await login(h.app, 'liuqiang');
    const sessions = (await call(h.app, 'GET', '/account/security', { token: desk })).body.data.sessions as { id: number; current: boolean }[];
    const plainId = sessions.find((s) => !s.current)!.id;
    expect((await call(h.app, 'POST', '/account/devices/remove', { token: desk, payload: { id: plainId } })).status).toBe(404);
    expect((await call(h.app, 'GET', '/account/profile', { token: plain })).status).toBe(200);
  });
});
