/**
 * No escalation, whole (docs/design.md, "Roles" and "Staff"): a role one adds, edits or
 * assigns, and the role of a member whose account one manages, must lie within one's own
 * grants and data scope (own < department < company). Each attack of issue 74 as written:
 * 403, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';
import { grantOnly, logCount, roleId, staffOf } from './org-helpers.ts';

let h: Harness;
let clerk: string;
let clerkRole = 0;
const ACTIONS = { role: ['query', 'add', 'edit'], staff: ['query', 'get', 'add', 'edit'] };
const within = [{ permissionId: 'role', actions: ['query'] }];

beforeAll(async () => {
  h = await setup();
  await grantOnly(h, h.property, 'wuhao', ACTIONS);
  clerkRole = (await staffOf(h, h.property, 'wuhao')).role_id;
  await h.db.updateTable('roles').set({ data_scope: 'own' }).where('id', '=', clerkRole).execute();
  clerk = await login(h.app, 'wuhao');
});
afterAll(() => h.close());

const post = (path: string, payload: object, token = clerk) => call(h.app, 'POST', path, { token, payload: { company_id: h.property, ...payload } });
const roleRow = (id: number) => h.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A role of the company with `grants` and `scope`, made directly. */
async function makeRole(name: string, scope: 'own' | 'department' | 'company', grants = ACTIONS) {
  const admin = await login(h.app, 'admin');
  const permissions = Object.entries(grants).map(([permissionId, actions]) => ({ permissionId, actions }));
  const r = await post('/base/role/addrole', { name, permissions, data_scope: scope, status: 1 }, admin);
  expect(r.status).toBe(200);
  return r.body.data.id as number;
}

describe('data scope in the no-escalation rule', () => {
  it('a member with own scope cannot widen their own role', async () => {
    const before = await roleRow(clerkRole);
    const logs = await logCount(h, h.property);
    for (const scope of ['company', 'department']) {
      const r = await post('/base/role/updaterole', { id: clerkRole, data_scope: scope }, clerk);
      expect(r.status, scope).toBe(403);
      expect(r.body.msg).toContain(`data_scope=${scope}`);
    }
    expect(await roleRow(clerkRole)).toEqual(before);
    expect(await logCount(h, h.property)).toBe(logs);
  });

  it('nor create a role reaching further, also by leaving the scope to its default', async () => {
    for (const payload of [{ name: 'puppet-a', data_scope: 'company' }, { name: 'puppet-b' }]) {
      const r = await post('/base/role/addrole', { ...payload, permissions: within, status: 1 });
      expect(r.status, JSON.stringify(payload)).toBe(403);
    }
    expect(await h.db.selectFrom('roles').select('id').where('name', 'in', ['puppet-a', 'puppet-b']).execute()).toEqual([]);
    expect((await post('/base/role/addrole', { name: 'puppet-own', data_scope: 'own', permissions: within, status: 1 })).status).toBe(200);
  });

  it('nor rewrite a role stronger than their own, even only its name or to weaken it', async () => {
    const dispatcher = await roleId(h, h.property, '调度员');
    const before = await roleRow(dispatcher);
    for (const change of [{ name: '调度员2' }, { data_scope: 'own' }, { permissions: within }]) {
      expect((await post('/base/role/updaterole', { id: dispatcher, ...change })).status, JSON.stringify(change)).toBe(403);
    }
    expect(await roleRow(dispatcher)).toEqual(before);
    const wide = await makeRole('same-grants-company', 'company');
    expect((await post('/base/role/updaterole', { id: wide, name: 'renamed' })).status).toBe(403);
  });

  it('nor assign a company-scope role, nor reset or edit the account of a member holding one', async () => {
    const wide = await makeRole('puppet-company', 'company');
    const member = await staffOf(h, h.property, 'sunli');
    const logs = await logCount(h, h.property);
    expect((await post('/admin/Staff/update', { id: member.id, role_id: wide })).status).toBe(403);
    await h.db.updateTable('staff').set({ role_id: wide }).where('id', '=', member.id).execute();
    const hash = (await h.db.selectFrom('users').select('password_hash').where('id', '=', member.user_id).executeTakeFirstOrThrow()).password_hash;
    expect((await post('/admin/Staff/reset_password', { id: member.id })).status).toBe(403);
    expect((await post('/admin/Staff/update', { id: member.id, phone: '13900008888' })).status).toBe(403);
    expect((await h.db.selectFrom('users').select('password_hash').where('id', '=', member.user_id).executeTakeFirstOrThrow()).password_hash).toBe(hash);
    expect(await logCount(h, h.property)).toBe(logs);
    // Within reach: the same grants with own scope can be handed out.
    const narrow = await makeRole('same-grants-own', 'own');
    expect((await post('/admin/Staff/update', { id: member.id, role_id: narrow })).status).toBe(200);
  });
});
