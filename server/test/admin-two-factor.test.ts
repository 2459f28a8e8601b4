/**
 * The company setting "require two-factor for administrators" (docs/design.md, "Two-factor
 * required for administrators"): off, nothing changes; on, an administrator of the company
 * without TOTP gets a session that may only enrol (decided per call, so existing sessions
 * are refused at their next call and enrolling anywhere lifts it at once); staff who are not
 * administrators are unaffected; only platform administrators change it, and it is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';
import { message } from '../src/http/messages.ts';

let h: Harness;
/** A session of `admin` (administrator of both demo companies, not a platform administrator) opened before the setting. */
let early: string;
let sup: string;

beforeAll(async () => {
  h = await setup();
  early = await login(h.app, 'admin');
  sup = await login(h.app, 'super');
});
afterAll(() => h.close());

const signIn = (username: string) => call(h.app, 'POST', '/admin/Login/sign', { payload: { username, password: DEMO_PASSWORD } });
const orders = (token: string) => call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property }, headers: { lang: 'en-US' } });
const setRequired = (token: string, value: 0 | 1, id = h.property) =>
  call(h.app, 'POST', '/admin/Company/update', { token, payload: { id, require_admin_2fa: value } });
const codeOf = (secret: string, label: string) =>
  new TOTP({ issuer: 'Smart Work Order', label, secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** Enrols TOTP through `token`'s session; returns the secret. */
async function enrol(token: string, username: string): Promise<string> {
  const begun = await call(h.app, 'POST', '/account/2fa/begin', { token });
  expect(begun.status).toBe(200);
  const secret: string = begun.body.data.secret;
  const ok = await call(h.app, 'POST', '/account/2fa/confirm', { token, payload: { code: codeOf(secret, username) } });
  expect(ok.status).toBe(200);
  expect(ok.body.data.recovery_codes).toHaveLength(10);
  return secret;
}

/** Expects the call refused because an enrolment is owed: 403, the translated message, and the flag the SPA reads. */
function expectEnrolOwed(r: Awaited<ReturnType<typeof orders>>) {
  expect(r.status).toBe(403);
  expect(r.body.code).toBe(403);
  expect(r.body.msg).toBe(message('en-US', 'twoFactorEnrolRequired'));
  expect(r.body.data).toEqual({ two_factor_enrol_required: true });
}

describe('two-factor required for administrators', () => {
  it('is off by default: an administrator without TOTP signs in and works as before', async () => {
    const list = await call(h.app, 'POST', '/admin/Company/list', { token: sup, payload: {} });
    expect(list.body.data.data.every((c: { require_admin_2fa: boolean }) => c.require_admin_2fa === false)).toBe(true);
    const r = await signIn('admin');
    expect(r.status).toBe(200);
    expect(r.body.data.token).toBeTruthy();
    expect(r.body.data.two_factor_enrol_required).toBeUndefined();
    expect((await orders(early)).status).toBe(200);
  });

  it('is changed by platform administrators only (403 for a company administrator or other staff)', async () => {
    expect((await setRequired(early, 1)).status).toBe(403);
    expect((await setRequired(await login(h.app, 'wangfang'), 1)).status).toBe(403);
    const company = await h.db.selectFrom('companies').select('require_admin_2fa').where('id', '=', h.property).executeTakeFirstOrThrow();
    expect(company.require_admin_2fa).toBe(0);
    // A flag is 0 or 1.
    expect((await setRequired(sup, 2 as 1)).status).toBe(400);
  });

  it('turned on, is in the operation log and refuses the next call of a signed-in administrator', async () => {
    const r = await setRequired(sup, 1);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: h.property, require_admin_2fa: true });
    const row = await h.db
      .selectFrom('operation_logs')
      .select(['company_id', 'action', 'target_id', 'detail'])
      .where('module', '=', 'company')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: h.property, action: 'edit', target_id: h.property });
    const detail = JSON.parse(row.detail);
    expect(detail.before.require_admin_2fa).toBe(false);
    expect(detail.after.require_admin_2fa).toBe(true);

    expectEnrolOwed(await orders(early));
    // A platform administrator who administers the company owes it too.
    expectEnrolOwed(await call(h.app, 'POST', '/admin/Company/list', { token: sup, payload: {}, headers: { lang: 'en-US' } }));
  });

  it('gives an administrator without TOTP an enrol-only session: user info and company list work, the rest is refused', async () => {
    const r = await signIn('admin');
    expect(r.status).toBe(200);
    expect(r.body.data.two_factor_enrol_required).toBe(true);
    const token: string = r.body.data.token;
    const info = await call(h.app, 'GET', '/user/info', { token, payload: { company_id: h.property } });
    expect(info.status).toBe(200);
    expect(info.body.data.two_factor_enrol_required).toBe(true);
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token })).status).toBe(200);
    expectEnrolOwed(await orders(token));
    // Also for the other company, which does not require it: one requiring company is enough.
    const other = await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.it }, headers: { lang: 'en-US' } });
    expectEnrolOwed(other);
    expect((await call(h.app, 'GET', '/account/security', { token })).status).toBe(403);
    expect((await call(h.app, 'POST', '/admin/Login/qrConfirm', { token, payload: { ticket: 'x', approve: true } })).status).toBe(403);
    // Signing out is allowed.
    expect((await call(h.app, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token })).status).toBe(401);
  });

  it('comes after a reset password: the reply asks for the password change only', async () => {
    await h.db.updateTable('users').set({ must_change_password: 1 }).where('username', '=', 'admin').execute();
    const r = await signIn('admin');
    expect(r.body.data.must_change_password).toBe(true);
    expect(r.body.data.two_factor_enrol_required).toBeUndefined();
    expect((await orders(r.body.data.token)).body.data).toBeNull();
    await h.db.updateTable('users').set({ must_change_password: 0 }).where('username', '=', 'admin').execute();
    expectEnrolOwed(await orders(r.body.data.token));
  });

  it('leaves staff who are not administrators alone', async () => {
    const r = await signIn('wangfang');
    expect(r.body.data.two_factor_enrol_required).toBeUndefined();
    expect((await orders(r.body.data.token)).status).toBe(200);
  });

  it('is lifted at once by enrolling, also for the other sessions; the next sign-in asks for the code', async () => {
    const fresh = (await signIn('admin')).body.data.token as string;
    await enrol(fresh, 'admin');
    expect((await orders(fresh)).status).toBe(200);
    // The session opened before the setting: enrolment in another session lifts it too.
    expect((await orders(early)).status).toBe(200);
    const next = await signIn('admin');
    expect(next.body.data.two_factor_required).toBe(true);
    expect(next.body.data.token).toBeUndefined();
  });

  it('counts only active administrator memberships of active companies', async () => {
    // super enrols, then the IT company requires it; 马超 becomes its administrator, then the role is switched off.
    await enrol(sup, 'super');
    expect((await setRequired(sup, 1, h.it)).status).toBe(200);
    const adminRole = await h.db.selectFrom('roles').select('id').where('company_id', '=', h.it).where('is_admin', '=', 1).executeTakeFirstOrThrow();
    const staffRole = await h.db.selectFrom('staff').select('role_id').where('company_id', '=', h.it).where('name', '=', '马超').executeTakeFirstOrThrow();
    const member = await login(h.app, 'machao');
    const inIt = () => call(h.app, 'GET', '/admin/Workorder/list', { token: member, payload: { company_id: h.it } });
    expect((await inIt()).status).toBe(200);
    await h.db.updateTable('staff').set({ role_id: adminRole.id }).where('company_id', '=', h.it).where('name', '=', '马超').execute();
    expect((await inIt()).body.data).toEqual({ two_factor_enrol_required: true });
    // A disabled role grants nothing (its own 403), but owes no enrolment either.
    await h.db.updateTable('roles').set({ status: 0 }).where('id', '=', adminRole.id).execute();
    expect((await inIt()).body.data).toBeNull();
    expect((await call(h.app, 'GET', '/account/security', { token: member })).status).toBe(200);
    await h.db.updateTable('roles').set({ status: 1 }).where('id', '=', adminRole.id).execute();
    await h.db.updateTable('staff').set({ status: 0 }).where('company_id', '=', h.it).where('name', '=', '马超').execute();
    expect((await signIn('machao')).body.data.two_factor_enrol_required).toBeUndefined();
    await h.db.updateTable('staff').set({ status: 1, role_id: staffRole.role_id }).where('company_id', '=', h.it).where('name', '=', '马超').execute();
    expect((await inIt()).status).toBe(200);
  });

  it('turned off, frees the administrators who have not enrolled', async () => {
    const member = await login(h.app, 'machao');
    const adminRole = await h.db.selectFrom('roles').select('id').where('company_id', '=', h.it).where('is_admin', '=', 1).executeTakeFirstOrThrow();
    await h.db.updateTable('staff').set({ role_id: adminRole.id }).where('company_id', '=', h.it).where('name', '=', '马超').execute();
    const inIt = () => call(h.app, 'GET', '/admin/Workorder/list', { token: member, payload: { company_id: h.it } });
    expect((await inIt()).body.data).toEqual({ two_factor_enrol_required: true });
    expect((await setRequired(sup, 0, h.it)).status).toBe(200);
    expect((await inIt()).status).toBe(200);
  });
});
