/** Helpers of the organisation and operation-log tests: roles with chosen grants, log counts, members. */
import type { Harness } from './helper.ts';

/** Gives `username`'s staff row in `companyId` a fresh role granting exactly `grants` (menu key -> actions). */
export async function grantOnly(h: Harness, companyId: number, username: string, grants: Record<string, string[]>): Promise<void> {
  const role = await h.db
    .insertInto('roles')
    .values({
      company_id: companyId,
      name: `test-${username}-${Date.now()}-${Math.random()}`,
      description: '',
      is_admin: 0,
      status: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, actions] of Object.entries(grants)) {
    const menu = await h.db.selectFrom('menus').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    for (const action of actions) await h.db.insertInto('role_grants').values({ company_id: companyId, role_id: role.id, menu_id: menu.id, action }).execute();
  }
  await setRole(h, companyId, username, role.id);
}

/** Sets `username`'s role in `companyId`. */
export async function setRole(h: Harness, companyId: number, username: string, roleId: number): Promise<void> {
  const user = await h.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  await h.db.updateTable('staff').set({ role_id: roleId }).where('company_id', '=', companyId).where('user_id', '=', user.id).execute();
}

/** The id of the company's role named `name`. */
export async function roleId(h: Harness, companyId: number, name: string): Promise<number> {
  return (await h.db.selectFrom('roles').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** How many operation-log rows the company has. */
export async function logCount(h: Harness, companyId: number): Promise<number> {
  const r = await h.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The company's newest operation-log row. */
export async function lastLog(h: Harness, companyId: number) {
  const r = await h.db.selectFrom('operation_logs').selectAll().where('company_id', '=', companyId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { ...r, detail: JSON.parse(r.detail) as { before: Record<string, unknown> | null; after: Record<string, unknown> | null } };
}

/** The staff row of `username` in `companyId`. */
export async function staffOf(h: Harness, companyId: number, username: string) {
  const user = await h.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return h.db.selectFrom('staff').selectAll().where('company_id', '=', companyId).where('user_id', '=', user.id).executeTakeFirstOrThrow();
}

/** The id of the company's department named `name`. */
export async function departmentId(h: Harness, companyId: number, name: string): Promise<number> {
  return (await h.db.selectFrom('departments').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
}
