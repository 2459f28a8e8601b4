/**
 * Pure rules of the global menu tree (docs/design.md, "Menus"): which menus belong to the
 * platform (the `platform` directory and the platform's permission ids, with everything
 * below them), and nesting flat rows into a tree. Menus are few (tens), so a pass over all
 * of them per call is cheap.
 */
import { MENU_CATALOGUE, PLATFORM_PERMISSION_IDS } from '@swo/contract';
import { isAtOrBelow } from '../../lib/tree.ts';

/** What the rules need of a menu row. */
export interface MenuLink {
  id: number;
  pid: number;
  key: string;
}

const PLATFORM_ROOTS = new Set<string>(['platform', ...PLATFORM_PERMISSION_IDS]);
const BUILTIN_KEYS = new Set<string>(MENU_CATALOGUE.map((m) => m.key));

/** Whether the menu with `key` ships with the product (its key is bound to server routes). */
export const isBuiltinMenu = (key: string): boolean => BUILTIN_KEYS.has(key);

/** Ids of the platform's menus: a platform root or anything below one (a loop in the data stops the walk). */
export function platformMenuIds(menus: readonly MenuLink[]): Set<number> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<number>();
  for (const m of menus) {
    const seen = new Set<number>();
    for (let cur: MenuLink | undefined = m; cur && !seen.has(cur.id); cur = cur.pid ? byId.get(cur.pid) : undefined) {
      seen.add(cur.id);
      if (PLATFORM_ROOTS.has(cur.key)) {
        out.add(m.id);
        break;
      }
    }
  }
  return out;
}

/** Whether `candidate` is `id` itself or lies below it (a move there would make a loop). */
export function isSelfOrBelow(menus: readonly MenuLink[], id: number, candidate: number): boolean {
  return isAtOrBelow(new Map(menus.map((m) => [m.id, m.pid])), id, candidate);
}

/** `ids` with every menu above them (a directory shows when something below it does); a loop in the data stops the walk. */
export function withAncestors(menus: readonly MenuLink[], ids: Iterable<number>): Set<number> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<number>();
  for (const id of ids) for (let cur = byId.get(id); cur && !out.has(cur.id); cur = cur.pid ? byId.get(cur.pid) : undefined) out.add(cur.id);
  return out;
}

/** Nests rows (in their order) under their parents; a row whose parent is absent becomes a root. */
export function nest<T extends { id: number; pid: number; children?: T[] }>(rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = r.pid && r.pid !== r.id ? byId.get(r.pid) : undefined;
    if (parent) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  return roots;
}
