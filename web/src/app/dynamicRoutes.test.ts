/** The menu-tree → routes rules of docs/product.md, section 2 ("Dynamic routes"). */
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@swo/contract';
import { buildRoutes, collapseSlashes, firstPath, landingPath, orderDetailPath, parseActions, routeName } from './dynamicRoutes.ts';

const item = (p: Partial<MenuItem>): MenuItem => ({
  id: 1,
  url: '/',
  key: 'k',
  name: 'menu.k',
  icon: '',
  url_name: 'RouteView',
  pid: 0,
  actions: '[]',
  show: 1,
  menuType: 1,
  redirect: '',
  ...p,
});

const menus: MenuItem[] = [
  item({
    id: 1,
    key: 'orders',
    url: '/',
    name: 'menu.orders',
    menuType: 0,
    children: [
      item({ id: 2, pid: 1, key: 'workorder', url: '/orders/workorder', url_name: 'WorkOrderList', actions: '["query","renling"]' }),
      item({ id: 3, pid: 1, key: 'application', url: '/orders/application', url_name: 'ApplicationList', show: 0 }),
      item({ id: 4, pid: 1, key: 'btn', url: '/orders/btn', menuType: 2 }),
    ],
  }),
];

describe('dynamic routes', () => {
  const routes = buildRoutes(menus);

  it('appends the key to top-level items with children and collapses double slashes', () => {
    expect(routes[0].path).toBe('/orders');
    expect(collapseSlashes('//a///b')).toBe('/a/b');
    expect(collapseSlashes('https://x.y/z')).toBe('https://x.y/z');
  });

  it('names routes by their url with slashes turned into dashes', () => {
    expect(routes[0].name).toBe('-orders');
    expect(routes[0].children![0].name).toBe('-orders-workorder');
    expect(routeName('/a/b')).toBe('-a-b');
  });

  it('hides items with show 0 or menuType 2', () => {
    const [list, detail, app, btn] = routes[0].children!;
    expect(list.meta.hidden).toBe(false);
    expect(detail.path).toBe('/orders/workorder/detail/:id');
    expect(detail.meta.hidden).toBe(true);
    expect(app.meta.hidden).toBe(true);
    expect(btn.meta.hidden).toBe(true);
  });

  it('carries permissionId and parsed actions in meta', () => {
    expect(routes[0].children![0].meta.permission).toEqual({ permissionId: 'workorder', actions: ['query', 'renling'] });
    expect(parseActions('[{"action":"add"},"get"]')).toEqual(['add', 'get']);
    expect(parseActions('not json')).toEqual(['not json']);
    expect(parseActions('')).toEqual([]);
  });

  it('redirects directories to their first visible child; lands on the first menu url or /menuList or /403', () => {
    expect(routes[0].redirect).toBe('/orders/workorder');
    expect(firstPath(routes)).toBe('/orders/workorder');
    expect(landingPath(routes)).toBe('/orders/workorder');
    expect(landingPath(buildRoutes([item({ key: 'm', url: '/menuList' })]))).toBe('/menuList');
    expect(landingPath([])).toBe('/403');
  });
});

describe('shipped menus: dashboard first, my work orders', () => {
  const routes = buildRoutes([
    item({ id: 10, key: 'dashboard', url: '/dashboard/analysis', url_name: 'Analysis', name: 'menu.dashboard' }),
    item({
      id: 11,
      key: 'orders',
      url: '/',
      menuType: 0,
      children: [item({ id: 12, pid: 11, key: 'myorders', url: '/orders/mine', url_name: 'MyWorkOrders', actions: '["query"]' })],
    }),
  ]);

  it('lands on the dashboard, which has a hidden optional page-number route', () => {
    expect(landingPath(routes)).toBe('/dashboard/analysis');
    expect(routes[1]).toMatchObject({ path: '/dashboard/analysis/:pageNo', component: 'Analysis', meta: { hidden: true } });
    expect(routes[1].meta.permission?.permissionId).toBe('dashboard');
  });

  it('gives my work orders a hidden detail route with the same permissions', () => {
    const [mine, detail] = routes[2].children!;
    expect(mine.path).toBe('/orders/mine');
    expect(detail).toMatchObject({ path: '/orders/mine/detail/:id', component: 'WorkOrderDetail', meta: { hidden: true } });
    expect(detail.meta.permission).toEqual({ permissionId: 'myorders', actions: ['query'] });
  });

  it("finds an order's detail page for the notification bell (none without an order list)", () => {
    expect(orderDetailPath(routes, 42)).toBe('/orders/mine/detail/42');
    expect(orderDetailPath(routes.slice(0, 2), 42)).toBeNull();
  });
});
