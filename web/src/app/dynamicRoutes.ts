/**
 * Builds the permission-derived routes from the server's menu tree (docs/product.md, section 2,
 * "Dynamic routes"): items are hidden from the menu when `show` is 0 or `menuType` is 2;
 * top-level items with children get their key appended to the url; double slashes are
 * collapsed; route names are the url with slashes turned into dashes; each route's meta
 * carries the permissionId (the item's key) and the parsed actions.
 */
import type { MenuItem } from '@swo/contract';
import { DEFAULT_PATH, type AppRoute } from './routeTypes.ts';

/** True for an http(s) link (a menu url the SPA opens in a new tab, not a route of its own). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/** Collapses repeated slashes ('//orders' -> '/orders'); external links are kept. */
export function collapseSlashes(path: string): string {
  if (isExternalUrl(path)) return path;
  return path.replace(/\/{2,}/g, '/');
}

/** Route name of a path: slashes turned into dashes. */
export function routeName(path: string): string {
  return path.replace(/\//g, '-');
}

/** Parses a menu item's `actions` (a JSON string of action keys, or of `{action}` objects). */
export function parseActions(actions: unknown): string[] {
  let value: unknown = actions;
  if (typeof actions === 'string') {
    if (!actions.trim()) return [];
    try {
      value = JSON.parse(actions);
    } catch {
      return actions
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  if (!Array.isArray(value)) return [];
  return value
    .map((a) => (typeof a === 'string' ? a : a && typeof a === 'object' && 'action' in a ? String((a as { action: unknown }).action) : ''))
    .filter(Boolean);
}

/**
 * Component names that get an extra hidden route next to them: the detail pages of the
 * order lists, and the dashboard's optional page number ('/dashboard/analysis/:pageNo').
 */
const EXTRA_ROUTES: Record<string, { component: string; title: string; suffix: string; name: string }> = {
  WorkOrderList: { component: 'WorkOrderDetail', title: 'menu.workorder.detail', suffix: '/detail/:id', name: '/detail' },
  MyWorkOrders: { component: 'WorkOrderDetail', title: 'menu.workorder.detail', suffix: '/detail/:id', name: '/detail' },
  Analysis: { component: 'Analysis', title: 'menu.dashboard', suffix: '/:pageNo', name: '/page' },
};

function isHidden(item: MenuItem): boolean {
  return Number(item.show) === 0 || Number(item.menuType) === 2;
}

function convert(items: MenuItem[], topLevel: boolean): AppRoute[] {
  const out: AppRoute[] = [];
  for (const item of items) {
    const children = item.children ?? [];
    const external = isExternalUrl(item.url);
    const url = topLevel && children.length > 0 && !external ? `${item.url}/${item.key}` : item.url.trim();
    const path = collapseSlashes(url.startsWith('/') || external ? url : `/${url}`);
    const permission = { permissionId: item.key, actions: parseActions(item.actions) };
    const route: AppRoute = {
      path,
      name: routeName(path),
      component: item.url_name || 'RouteView',
      meta: { title: item.name, icon: item.icon || undefined, hidden: isHidden(item), permission },
    };
    if (external) route.meta.target = '_blank';
    if (children.length > 0) {
      route.children = convert(children, false);
      const first = firstPath(route.children);
      route.redirect = item.redirect ? collapseSlashes(item.redirect) : (first ?? undefined);
    } else if (item.redirect) {
      route.redirect = collapseSlashes(item.redirect);
    }
    out.push(route);
    const extra = EXTRA_ROUTES[route.component ?? ''];
    if (extra) {
      out.push({
        path: collapseSlashes(`${path}${extra.suffix}`),
        name: routeName(`${path}${extra.name}`),
        component: extra.component,
        meta: { title: extra.title, hidden: true, permission },
      });
    }
  }
  return out;
}

/** The routes of a menu tree, in menu order. */
export function buildRoutes(menus: MenuItem[]): AppRoute[] {
  return convert(menus ?? [], true);
}

/** What a menu entry of an external route links to (a new tab, no opener), or null for an internal route. */
export function externalLink(route: AppRoute): { href: string; target: string; rel: string } | null {
  if (!route.meta.target) return null;
  return { href: route.path, target: route.meta.target, rel: 'noopener noreferrer' };
}

/** Path of the first visible page (a route without children) in the tree, or null. */
export function firstPath(routes: AppRoute[]): string | null {
  for (const r of routes) {
    if (r.meta.hidden || r.meta.target) continue;
    if (r.children?.length) {
      const p = firstPath(r.children);
      if (p) return p;
    } else if (!r.path.includes(':')) {
      return r.path;
    }
  }
  return null;
}

/**
 * The detail page of order `id` among the routes: the first order list's detail route in
 * menu order (the work-order list, else "my work orders"), or null when the menu has none.
 */
export function orderDetailPath(routes: AppRoute[], id: number): string | null {
  for (const r of routes) {
    if (r.component === 'WorkOrderDetail') return r.path.replace(':id', String(id));
    const inner = r.children ? orderDetailPath(r.children, id) : null;
    if (inner) return inner;
  }
  return null;
}

/** True when `path` is one of the routes (at any depth). */
export function hasPath(routes: AppRoute[], path: string): boolean {
  return routes.some((r) => r.path === path || (r.children ? hasPath(r.children, path) : false));
}

/**
 * Where to land after login: /menuList when the menu has it, else the first menu url,
 * else /403 (an empty menu).
 */
export function landingPath(routes: AppRoute[]): string {
  if (hasPath(routes, DEFAULT_PATH)) return DEFAULT_PATH;
  return firstPath(routes) ?? '/403';
}
