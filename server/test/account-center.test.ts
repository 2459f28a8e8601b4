/**
 * The account centre (docs/design.md, "Account pages"): a person's own account, their
 * companies with role and department, and their own latest actions only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(() => h.close());

describe('account centre', () => {
  it('shows the account, every company with role and department, and only the person’s own actions', async () => {
    const admin = await login(h.app, 'admin');
    await login(h.app, 'wangfang');
    const r = await call(h.app, 'GET', '/account/center', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.account).toMatchObject({ username: 'admin', nickname: '系统管理员' });
    expect(r.body.data.account).not.toHaveProperty('password_hash');
    const companies = r.body.data.companies as { company_name: string; role_name: string; department_name: string | null }[];
    expect(companies).toHaveLength(2);
    expect(companies[0]).toMatchObject({ role_name: '管理员', department_name: '总经理办公室' });
    const activity = r.body.data.activity as { id: number; action: string; module: string }[];
    expect(activity.length).toBeGreaterThan(0);
    expect(activity[0]).toMatchObject({ module: 'auth', action: 'login' });
    const rows = await h.db.selectFrom('operation_logs').select('id').where('username', '=', 'wangfang').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(activity.map((a) => a.id)).not.toContain(rows[0].id);
  });

  it('needs a session', async () => {
    expect((await call(h.app, 'GET', '/account/center')).body.code).toBe(101);
  });
});
