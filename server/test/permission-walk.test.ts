/**
 * Every route of the endpoint table that names a permission, walked with a member whose
 * role holds every grantable action except exactly that one: 403, and nothing changes.
 * Status calls are walked for each side (enable, disable, and edit when they are also
 * edits). Platform routes are walked with a company administrator: 403 as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, isPlatformCode, type AccessRule, type Endpoint, type PermissionCode } from '@swo/contract';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
let member: string;
let admin: string;
let roleId: number;
/** Every grantable (menu id, permission id, action) of the catalogue. */
let grantable: { menu_id: number; key: string; action: string }[];

beforeAll(async () => {
  h = await setup();
  const at = new Date().toISOString();
  roleId = (
    await h.db
      .insertInto('roles')
      .values({ company_id: h.property, name: '权限巡检', description: '', is_admin: 0, status: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await h.db
    .updateTable('staff')
    .set({ role_id: roleId })
    .where('company_id', '=', h.property)
    .where('user_id', '=', (await h.db.selectFrom('users').select('id').where('username', '=', 'wuhao').executeTakeFirstOrThrow()).id)
    .execute();
  const menus = await h.db.selectFrom('menus').select(['id', 'key', 'actions', 'menu_type']).execute();
  grantable = menus
    .filter((m) => m.menu_type !== 0 && !isPlatformCode(`${m.key}.query`))
    .flatMap((m) => (JSON.parse(m.actions) as string[]).map((action) => ({ menu_id: m.id, key: m.key, action })));
  member = await login(h.app, 'wuhao');
  admin = await login(h.app, 'admin');
});
afterAll(() => h.close());

/** Gives the walk's role every grantable action but `code`. */
async function grantAllBut(code: string): Promise<void> {
  await h.db.deleteFrom('role_grants').where('role_id', '=', roleId).execute();
  await h.db
    .insertInto('role_grants')
    .values(
      grantable.filter((g) => `${g.key}.${g.action}` !== code).map((g) => ({ company_id: h.property, role_id: roleId, menu_id: g.menu_id, action: g.action })),
    )
    .execute();
}

/** The (code, body) pairs that reach each side of a route's rule (each case of a choice rule too). */
function sides(p: AccessRule): [PermissionCode, Record<string, unknown>][] {
  if (typeof p === 'string') return p.includes('.') ? [[p as PermissionCode, {}]] : [];
  if ('choose' in p) {
    // A value no case names reaches `otherwise`; '' is a field left out.
    const other = ['1', '0', '2'].find((v) => !(v in p.cases)) ?? 'x';
    return [...Object.entries(p.cases).map(([v, rule]) => [v, rule] as const), [other, p.otherwise] as const].flatMap(([v, rule]) =>
      sides(rule).map(([code, body]): [PermissionCode, Record<string, unknown>] => [code, v === '' ? body : { ...body, [p.choose]: Number(v) }]),
    );
  }
  const out: [PermissionCode, Record<string, unknown>][] = [
    [p.enable, { id: 1, status: 1 }],
    [p.disable, { id: 1, status: 0 }],
  ];
  if (p.edit) out.push([p.edit, { id: 1, name: 'walk' }]);
  return out;
}

const counts = async () => {
  const out: Record<string, number> = {};
  for (const t of [
    'work_orders',
    'work_order_records',
    'staff',
    'roles',
    'role_grants',
    'departments',
    'positions',
    'categories',
    'applications',
    'menus',
    'users',
    'companies',
    'operation_logs',
  ] as const)
    out[t] = Number(
      (
        await h.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
};

describe('every permission of the endpoint table is enforced', () => {
  it('a role holding everything but the one action gets 403 on that route; a company administrator gets 403 on platform routes', async () => {
    const before = await counts();
    const failures: string[] = [];
    let walked = 0;
    for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
      for (const [code, body] of sides(e.permission)) {
        const platform = isPlatformCode(code);
        if (!platform) await grantAllBut(code);
        const r = await call(h.app, e.method, e.path, { token: platform ? admin : member, payload: { company_id: h.property, ...body } });
        walked++;
        if (r.status !== 403) failures.push(`${name} (${code}) -> ${r.status} ${r.body.msg}`);
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(60);
    // role_grants is the walk's own doing; everything else is as it was.
    const after = await counts();
    expect({ ...after, role_grants: 0 }).toEqual({ ...before, role_grants: 0 });
  });
});
