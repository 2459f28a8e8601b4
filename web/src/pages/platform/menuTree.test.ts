/** The menu table's tree helpers: expansion, and the parent picker (no buttons; the menu itself and what lies below greyed out). */
import { describe, expect, it } from 'vitest';
import type { MenuRow } from '@swo/contract';
import { filterMenus, findMenu, menuParentIds, parentOptions, selfAndBelow } from './menuTree.ts';

const row = (p: Partial<MenuRow>): MenuRow => ({
  id: 1,
  pid: 0,
  key: 'k',
  name: 'k',
  url: '/',
  icon: '',
  url_name: 'RouteView',
  redirect: '',
  actions: [],
  show: 1,
  menuType: 1,
  sort: 0,
  status: 1,
  builtin: false,
  platform: false,
  ...p,
});

const tree: MenuRow[] = [
  row({
    id: 1,
    key: 'system',
    name: 'menu.system',
    menuType: 0,
    children: [row({ id: 2, pid: 1, key: 'log', children: [row({ id: 3, pid: 2, key: 'export', menuType: 2 })] }), row({ id: 4, pid: 1, key: 'category' })],
  }),
  row({ id: 5, key: 'dashboard' }),
];

describe('menu tree', () => {
  it('lists the ids with children and finds rows at any depth', () => {
    expect(menuParentIds(tree)).toEqual([1, 2]);
    expect(findMenu(tree, 3)?.key).toBe('export');
    expect(findMenu(tree, 99)).toBeUndefined();
  });

  it('blocks a menu and everything below it', () => {
    expect([...selfAndBelow(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...selfAndBelow(tree, 2)].sort()).toEqual([2, 3]);
    expect([...selfAndBelow(tree, 99)]).toEqual([99]);
  });

  it('offers no buttons as parents, greys out the blocked ones and titles them', () => {
    const options = parentOptions(tree, selfAndBelow(tree, 2), (r) => r.key.toUpperCase());
    expect(options).toEqual([
      {
        value: 1,
        title: 'SYSTEM',
        disabled: false,
        children: [
          { value: 2, title: 'LOG', disabled: true },
          { value: 4, title: 'CATEGORY', disabled: false },
        ],
      },
      { value: 5, title: 'DASHBOARD', disabled: false },
    ]);
  });

  it('filters by translated title, key or url, keeping the menus above a match', () => {
    const title = (r: MenuRow) => (r.name === 'menu.system' ? '系统' : r.key);
    expect(filterMenus(tree, '', title)).toEqual(tree);
    const bySystem = filterMenus(tree, '系统', title);
    expect(bySystem.map((r) => r.key)).toEqual(['system']);
    expect(bySystem[0]).toBe(tree[0]);
    const byKey = filterMenus(tree, 'EXPORT', title);
    expect(byKey[0].key).toBe('system');
    expect(byKey[0].children?.map((r) => r.key)).toEqual(['log']);
    expect(byKey[0].children?.[0].children?.map((r) => r.key)).toEqual(['export']);
    expect(filterMenus(tree, 'nothing', title)).toEqual([]);
  });
});
