import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePasswordBody } from '@swo/contract';
import { passwordProblem } from '../src/modules/auth/password-policy.ts';
import { call, DEMO_PASSWORD, login, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

describe('password policy', () => {
  it('accepts the demo password and long unrelated words; refuses short, common and personal ones', () => {
    expect(passwordProblem(DEMO_PASSWORD)).toBeNull();
    expect(passwordProblem('Quiet-Harbor-71')).toBeNull();
    expect(passwordProblem('Ab#1xyz')).toBe('passwordTooShort');
    for (const p of ['password1', '12345678', 'qwertyuiop', 'P@ssw0rd!', 'Abcd1234', 'Admin@123']) expect(passwordProblem(p), p).toBe('passwordTooWeak');
    expect(passwordProblem('chenjing2026', ['chenjing'])).toBe('passwordTooWeak');
  });

  it('the contract asks for 8 characters', () => {
    const body = (password: string) => ({ oldpassword: 'x', password, confirmpassword: password });
    expect(updatePasswordBody.safeParse(body('1234567')).success).toBe(false);
    expect(updatePasswordBody.safeParse(body('Quiet-Harbor-71')).success).toBe(true);
  });

  it("a password change to a guessable password is a 400 on `password`, in the caller's language, and changes nothing", async () => {
    const token = await login(h.app, 'wangfang');
    const expected: Record<string, RegExp> = {
      'zh-CN': /密码太容易被猜到/,
      'zh-TW': /密碼太容易被猜到/,
      'en-US': /too easy to guess/,
      'pt-BR': /fácil demais/,
    };
    for (const [lang, re] of Object.entries(expected)) {
      const r = await call(h.app, 'POST', '/admin/staff/updatePwd', {
        token,
        headers: { lang },
        payload: { username: '', oldpassword: DEMO_PASSWORD, password: 'Password123!', confirmpassword: 'Password123!' },
      });
      expect(r.status).toBe(400);
      const errors = (r.body.data as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors)).toEqual(['password']);
      expect(errors.password[0]).toMatch(re);
    }
    const short = await call(h.app, 'POST', '/admin/staff/updatePwd', {
      token,
      payload: { username: '', oldpassword: DEMO_PASSWORD, password: 'Ab#1', confirmpassword: 'Ab#1' },
    });
    expect(short.status).toBe(400);
    expect(Object.keys((short.body.data as { errors: object }).errors)).toContain('password');
    // Still signed in with the old password.
    expect((await call(h.app, 'GET', '/admin/Home/company_list', { token })).body.code).toBe(200);
    expect(await login(h.app, 'wangfang')).toBeTruthy();
  });
});
