/**
 * Menu urls (docs/design.md, "Menus and the platform"): an http(s) link opens in a new tab
 * and is no route of the SPA; a hidden menu (show 0) is left out of the menu but its
 * internal url is still a route.
 */
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@swo/contract';
import { buildRoutes, externalLink, firstPath, isExternalUrl, landingPath } from './dynamicRoutes.ts';

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
    key: 'system',
    url: '/',
    menuType: 0,
    children: [
      item({ id: 2, pid: 1, key: 'docs', name: 'Docs', url: 'https://example.com/docs?a=1', url_name: 'Link' }),
      item({ id: 3, pid: 1, key: 'archive', name: 'Archive', url: '/system/archive', url_name: 'OperationLog', show: 0 }),
      item({ id: 4, pid: 1, key: 'category', url: '/system/category', url_name: 'CategoryList' }),
    ],
  }),
  item({ id: 5, key: 'site', name: 'Site', url: 'HTTP://Example.com//a//b', url_name: 'Link' }),
];

describe('menu urls', () => {
  const routes = buildRoutes(menus);
  const [docs, archive, category] = routes[0].children!;

  it('tells http(s) links from internal paths', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('HTTP://example.com/x')).toBe(true);
    expect(isExternalUrl(' https://example.com')).toBe(true);
    expect(isExternalUrl('/system/log')).toBe(false);
    expect(isExternalUrl('//example.com')).toBe(false);
    expect(isExternalUrl('mailto:a@b.c')).toBe(false);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
  });

  it('keeps a link as it is and opens it in a new tab without an opener', () => {
    expect(docs.path).toBe('https://example.com/docs?a=1');
    expect(docs.meta.target).toBe('_blank');
    expect(externalLink(docs)).toEqual({ href: 'https://example.com/docs?a=1', target: '_blank', rel: 'noopener noreferrer' });
    // Double slashes of a link are not collapsed, and a top-level link gets no key appended.
    expect(routes[1].path).toBe('HTTP://Example.com//a//b');
    expect(externalLink(routes[1])?.target).toBe('_blank');
  });

  it('internal routes are no links', () => {
    expect(externalLink(category)).toBeNull();
    expect(category.meta.target).toBeUndefined();
    expect(externalLink(routes[0])).toBeNull();
  });

  it('never lands on a link: the first page is the first internal visible one', () => {
    expect(firstPath(routes)).toBe('/system/category');
    expect(routes[0].redirect).toBe('/system/category');
    expect(landingPath(buildRoutes([menus[1]]))).toBe('/403');
  });

  it('a hidden menu is no menu entry but still a route with its page and permissions', () => {
    expect(archive).toMatchObject({ path: '/system/archive', component: 'OperationLog', meta: { hidden: true } });
    expect(archive.meta.permission).toEqual({ permissionId: 'archive', actions: [] });
    expect(externalLink(archive)).toBeNull();
  });
});
