/** SQL of the global menus (not tenant data: no company id) and of the grants that point at them. */
import type { MenuId } from '@swo/contract';
import type { Insertable, Updateable } from 'kysely';
import type { MenusTable } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

export type MenuValues = Omit<Insertable<MenusTable>, 'id'>;

/** Every menu, disabled ones too, in menu order. */
export function allMenus(db: Db) {
  return db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findMenu(db: Db, id: MenuId) {
  return db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function keyTaken(db: Db, key: string, exceptId?: MenuId): Promise<boolean> {
  let q = db.selectFrom('menus').select('id').where('key', '=', key);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertMenu(db: Db, v: MenuValues): Promise<MenuId> {
  const r = await db.insertInto('menus').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateMenu(db: Db, id: MenuId, v: Updateable<MenusTable>): Promise<void> {
  await db.updateTable('menus').set(v).where('id', '=', id).execute();
}

export async function childCount(db: Db, id: MenuId): Promise<number> {
  const r = await db
    .selectFrom('menus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pid', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Removes a menu and every company's grants on it (the platform's operation, across tenants by design). */
export async function deleteMenu(db: Db, id: MenuId): Promise<number> {
  const grants = await db.deleteFrom('role_grants').where('menu_id', '=', id).executeTakeFirst();
  await db.deleteFrom('menus').where('id', '=', id).execute();
  return Number(grants.numDeletedRows);
}

/** Drops grants of actions a menu no longer offers (all companies); returns how many. */
export async function dropGrantsBeyond(db: Db, id: MenuId, offered: readonly string[]): Promise<number> {
  let q = db.deleteFrom('role_grants').where('menu_id', '=', id);
  if (offered.length) q = q.where('action', 'not in', offered);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}
