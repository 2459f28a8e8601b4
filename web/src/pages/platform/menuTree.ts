/**
 * The menu tree of the platform's menu table (the server nests it): every id with children
 * (to expand them all), the ids a menu may not move under (itself and what lies below it)
 * and the parent picker's options, titles translated.
 */
import type { MenuRow } from '@swo/contract';

/** Every id of the tree that has children. */
export function menuParentIds(rows: readonly MenuRow[]): number[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...menuParentIds(r.children)] : []));
}

/** The row `id` of the tree, at any depth. */
export function findMenu(rows: readonly MenuRow[], id: number): MenuRow | undefined {
  for (const r of rows) {
    if (r.id === id) return r;
    const c = r.children ? findMenu(r.children, id) : undefined;
    if (c) return c;
  }
  return undefined;
}

/** `id` and every menu below it. */
export function selfAndBelow(rows: readonly MenuRow[], id: number): Set<number> {
  const out = new Set<number>();
  const walk = (r: MenuRow) => {
    out.add(r.id);
    r.children?.forEach(walk);
  };
  const self = findMenu(rows, id);
  if (self) walk(self);
  else out.add(id);
  return out;
}

export interface MenuOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: MenuOption[];
}

/** The parent picker's tree: buttons (menuType 2) cannot hold menus; `blocked` ids are greyed out. */
export function parentOptions(rows: readonly MenuRow[], blocked: ReadonlySet<number>, title: (r: MenuRow) => string): MenuOption[] {
  return rows
    .filter((r) => r.menuType !== 2)
    .map((r) => {
      const children = r.children ? parentOptions(r.children, blocked, title) : [];
      return { value: r.id, title: title(r), disabled: blocked.has(r.id), ...(children.length ? { children } : {}) };
    });
}

/**
 * The rows matching `keyword` (in the translated title, the key or the url, any case) with
 * the menus above them, so each match keeps its place in the tree, and all below them.
 */
export function filterMenus(rows: readonly MenuRow[], keyword: string, title: (r: MenuRow) => string): MenuRow[] {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return [...rows];
  return rows.flatMap((r) => {
    if ([title(r), r.name, r.key, r.url].some((v) => v.toLowerCase().includes(kw))) return [r];
    const children = r.children ? filterMenus(r.children, kw, title) : [];
    return children.length ? [{ ...r, children }] : [];
  });
}
