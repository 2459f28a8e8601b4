/**
 * The global menus (docs/design.md, "Menus"), managed by platform administrators: the
 * whole tree, add, change, delete, enable/disable; and, for a company's role editor, the
 * menus its roles may be granted. Rules: a key is unique (400); a built-in menu keeps its
 * key and cannot be deleted (its key is bound to server routes: disable or hide it
 * instead); a menu never moves under itself or below itself, and its parent exists (400);
 * a menu with children cannot be deleted (409). When a menu stops offering an action, every
 * company's grants of that action go with it, in the same transaction. Each change writes
 * one operation-log row (company null).
 */
import type { Kysely, Selectable } from 'kysely';
import type { GrantableMenu, MenuId, MenuRow } from '@swo/contract';
import type { DB, MenusTable } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { PlatformActor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { isBuiltinMenu, isSelfOrBelow, nest, platformMenuIds, withAncestors } from '../access/menu-tree.ts';
import { activeMenus, menuActions } from '../access/repo.ts';
import { changeIn } from '../operation-log/repo.ts';
import { grantableMenus } from '../roles/grants.ts';
import * as repo from './repo.ts';

type Stored = Selectable<MenusTable>;

/** Menu fields as the calls send them (`menuType`, actions as a list). */
export interface MenuInput {
  pid: MenuId | 0;
  key: string;
  name: string;
  url: string;
  icon: string;
  url_name: string;
  redirect: string;
  actions: string[];
  show: number;
  menuType: number;
  sort: number;
  status: number;
}

function present(m: Stored, platform: ReadonlySet<number>): MenuRow {
  return {
    id: m.id,
    pid: m.pid,
    key: m.key,
    name: m.name,
    url: m.url,
    icon: m.icon,
    url_name: m.url_name,
    redirect: m.redirect,
    actions: menuActions(m.actions),
    show: m.show,
    menuType: m.menu_type,
    sort: m.sort,
    status: m.status,
    builtin: isBuiltinMenu(m.key),
    platform: platform.has(m.id),
  };
}

const stored = (v: MenuInput) => ({
  pid: v.pid,
  key: v.key,
  name: v.name,
  url: v.url,
  icon: v.icon,
  url_name: v.url_name,
  redirect: v.redirect,
  actions: JSON.stringify([...new Set(v.actions)]),
  show: v.show,
  menu_type: v.menuType,
  sort: v.sort,
  status: v.status,
});

async function load(db: Db, id: MenuId): Promise<MenuRow> {
  const menus = await repo.allMenus(db);
  const m = menus.find((x) => x.id === id);
  if (!m) throw errors.notFound();
  return present(m, platformMenuIds(menus));
}

/** 400 on `pid` when the parent does not exist or lies at or below the menu itself. */
async function checkParent(db: Db, actor: PlatformActor, pid: MenuId | 0, id?: MenuId): Promise<void> {
  if (!pid) return;
  const menus = await repo.allMenus(db);
  if (!menus.some((m) => m.id === pid) || (id !== undefined && isSelfOrBelow(menus, id, pid))) throw errors.field(actor.lang, 'pid', 'menuBadParent');
}

/** Runs a write; a key taken by a concurrent writer is the same 400 as the check. */
async function uniqueKey<T>(actor: PlatformActor, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.field(actor.lang, 'key', 'menuKeyTaken');
    throw err;
  }
}

export function createMenuService(db: Kysely<DB>) {
  const log = (
    trx: Db,
    actor: PlatformActor,
    action: 'add' | 'edit' | 'delete' | 'enable' | 'disable',
    id: MenuId,
    before: object | null,
    after: object | null,
    extra = {},
  ) => changeIn(trx, null, actor, { module: 'menu', action, id, before, after, extra });

  /** Changes the fields sent; a status change alone is logged as enable/disable. */
  function update(actor: PlatformActor, id: MenuId, patch: Partial<MenuInput>): Promise<MenuRow> {
    return uniqueKey(actor, () =>
      db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        const next: MenuInput = { ...before, pid: before.pid as MenuId | 0, ...patch };
        if (patch.key !== undefined && patch.key !== before.key) {
          if (before.builtin) throw errors.field(actor.lang, 'key', 'menuBuiltinKey');
          if (await repo.keyTaken(trx, patch.key, id)) throw errors.field(actor.lang, 'key', 'menuKeyTaken');
        }
        if (patch.pid !== undefined && patch.pid !== before.pid) await checkParent(trx, actor, next.pid, id);
        await repo.updateMenu(trx, id, stored(next));
        const dropped = patch.actions ? await repo.dropGrantsBeyond(trx, id, next.actions) : 0;
        const after = await load(trx, id);
        const onlyStatus = Object.keys(patch).every((k) => k === 'status');
        const action = onlyStatus && before.status !== after.status ? (after.status === 1 ? 'enable' : 'disable') : 'edit';
        await log(trx, actor, action, id, before, after, dropped ? { grants_dropped: dropped } : {});
        return after;
      }),
    );
  }

  return {
    /** Every menu as a tree, in menu order; `keyword` keeps matches (key, name, url) and their ancestors. */
    async list(keyword?: string): Promise<MenuRow[]> {
      const menus = await repo.allMenus(db);
      const platform = platformMenuIds(menus);
      let rows = menus.map((m) => present(m, platform));
      if (keyword) {
        const kw = keyword.toLowerCase();
        const keep = withAncestors(
          rows,
          rows.filter((r) => [r.key, r.name, r.url].some((v) => v.toLowerCase().includes(kw))).map((r) => r.id),
        );
        rows = rows.filter((r) => keep.has(r.id));
      }
      return nest(rows);
    },

    /** The menus a company role may be granted (enabled, outside the platform) and the directories above them. */
    async grantable(): Promise<GrantableMenu[]> {
      const menus = await activeMenus(db);
      const leaves = grantableMenus(menus);
      const keep = withAncestors(
        menus,
        [...leaves.values()].map((l) => l.id),
      );
      return nest(
        menus
          .filter((m) => keep.has(m.id))
          .map((m): GrantableMenu => ({ id: m.id, pid: m.pid, key: m.key, name: m.name, menuType: m.menu_type, actions: leaves.get(m.key)?.actions ?? [] })),
      );
    },

    async add(actor: PlatformActor, v: MenuInput): Promise<{ id: MenuId }> {
      return uniqueKey(actor, () =>
        db.transaction().execute(async (trx) => {
          await checkParent(trx, actor, v.pid);
          if (await repo.keyTaken(trx, v.key)) throw errors.field(actor.lang, 'key', 'menuKeyTaken');
          const id = await repo.insertMenu(trx, stored(v));
          await log(trx, actor, 'add', id, null, await load(trx, id));
          return { id };
        }),
      );
    },

    update,

    /** Deletes a leaf menu that is not built in, with every company's grants on it. */
    async remove(actor: PlatformActor, id: MenuId): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, id);
        if (before.builtin) throw errors.conflict('menuBuiltin');
        const children = await repo.childCount(trx, id);
        if (children) throw errors.conflict('menuHasChildren', { count: children });
        const grants = await repo.deleteMenu(trx, id);
        await log(trx, actor, 'delete', id, before, null, { grants_dropped: grants });
      });
    },

    async setStatus(actor: PlatformActor, id: MenuId, status: number): Promise<void> {
      await update(actor, id, { status });
    },
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
