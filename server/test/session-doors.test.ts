/**
 * Every path that issues a session goes through the one door of auth/sign-in.ts
 * (docs/design.md, "Two-factor sign-in"): a TOTP-protected account gets a challenge, never
 * a token, from each first step. The walk finds the doors in the endpoint table, so a new
 * call whose reply carries a session fails here until it is driven below.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { z } from 'zod';
import { ENDPOINTS } from '@swo/contract';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';

let h: Harness;
let token: string;
let admin: string;
const USER = 'zhaolei';
const PHONE = '13811110006';
const SRC = join(import.meta.dirname, '..', 'src');

beforeAll(async () => {
  h = await setup();
  token = await login(h.app, USER);
  admin = await login(h.app, 'admin');
  const begun = await call(h.app, 'POST', '/account/2fa/begin', { token });
  const code = new TOTP({ issuer: 'Smart Work Order', label: USER, secret: Secret.fromBase32(begun.body.data.secret), digits: 6, period: 30 }).generate();
  expect((await call(h.app, 'POST', '/account/2fa/confirm', { token, payload: { code } })).status).toBe(200);
});
afterAll(() => h.close());

/** Whether a reply schema can hold a session token (an object with `token` and `account`, anywhere inside). */
function carriesSession(schema: z.ZodType, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (k: string) => carriesSession(def[k] as z.ZodType, seen);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return ('token' in shape && 'account' in shape) || Object.values(shape).some((v) => carriesSession(v, seen));
    }
    case 'union':
      return (def.options as z.ZodType[]).some((o) => carriesSession(o, seen));
    case 'intersection':
      return inner('left') || inner('right');
    case 'array':
      return inner('element');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'lazy':
      return carriesSession((def.getter as () => z.ZodType)(), seen);
    case 'pipe':
      return inner('in') || inner('out');
    default:
      return false;
  }
}

/** Each door, driven for the TOTP-protected account: what its reply's session part is. */
const FIRST_STEPS: Record<string, () => Promise<Record<string, unknown>>> = {
  signIn: async () => (await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: USER, password: DEMO_PASSWORD } })).body.data,
  qrCheck: async () => {
    const qr = await call(h.app, 'POST', '/admin/Login/loginQrcode');
    await call(h.app, 'POST', '/admin/Login/qrConfirm', { token, payload: { ticket: qr.body.data.ticket, approve: true } });
    const checked = await call(h.app, 'POST', '/admin/Login/checkLogin', { payload: { poll_token: qr.body.data.poll_token } });
    expect(checked.body.data.status).toBe('approved');
    return checked.body.data.login;
  },
  invitationAccept: async () => {
    // As if the account had never been claimed: the door must still ask for the second factor.
    const member = await h.db
      .selectFrom('staff')
      .innerJoin('users', 'users.id', 'staff.user_id')
      .select(['staff.id', 'users.id as user_id'])
      .where('users.username', '=', USER)
      .where('staff.company_id', '=', h.property)
      .executeTakeFirstOrThrow();
    await h.db.updateTable('users').set({ claimed_at: null }).where('id', '=', member.user_id).execute();
    const link = await call(h.app, 'POST', '/admin/Staff/invite', { token: admin, payload: { company_id: h.property, id: member.id } });
    expect(link.status).toBe(200);
    const invitation = new URL(link.body.data.path, 'http://x').searchParams.get('invitation');
    const password = 'Harbor-Tulip-Orbit-58';
    const r = await call(h.app, 'POST', '/auth/register', { payload: { token: invitation, username: USER, password, confirmpassword: password } });
    expect(r.status).toBe(200);
    return r.body.data;
  },
};
/** Doors that are not a first step: the second step itself. */
const SECOND_STEPS = ['twoFactorVerify'];

describe('the doors that issue sessions', () => {
  it('are exactly the calls driven here', () => {
    const found = Object.entries(ENDPOINTS)
      .filter(([, e]) => e.reply && typeof e.reply === 'object' && '_zod' in e.reply && carriesSession(e.reply as z.ZodType))
      .map(([name]) => name)
      .sort();
    expect(found).toEqual([...Object.keys(FIRST_STEPS), ...SECOND_STEPS].sort());
  });

  it('each first step gives a TOTP-protected account a challenge, never a token', async () => {
    await call(h.app, 'POST', '/account/sms', { payload: { mobile: PHONE } });
    const text = (await h.db.selectFrom('sms_outbox').select('text').where('phone', '=', PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow()).text;
    const sms = await call(h.app, 'POST', '/admin/Login/sign', { payload: { mobile: PHONE, captcha: /\d{6}/.exec(text)![0] } });
    const replies = { sms: sms.body.data as Record<string, unknown> };
    for (const [name, drive] of Object.entries(FIRST_STEPS)) Object.assign(replies, { [name]: await drive() });
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.token, name).toBeUndefined();
      expect(reply.two_factor_required, name).toBe(true);
      expect(reply.challenge, name).toEqual(expect.any(String));
    }
  });

  it('no module but the door writes a session, and only two-factor.ts opens one after the second step', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    const using = (needle: RegExp) =>
      files(SRC)
        .filter((f) => f.endsWith('.ts') && needle.test(readFileSync(f, 'utf8')))
        .map((f) => relative(SRC, f))
        .sort();
    expect(using(/\binsertSession\(/)).toEqual(['modules/auth/repo.ts', 'modules/auth/sign-in.ts']);
    expect(using(/\bopenSessionAfterSecondStep\(/)).toEqual(['modules/auth/sign-in.ts', 'modules/auth/two-factor.ts']);
    expect(using(/insertInto\('sessions'\)/)).toEqual(['modules/auth/repo.ts']);
  });
});
