import { describe, expect, it } from 'vitest';
import type { GrantableMenu } from '@swo/contract';
import {
  columnState,
  fromPermissions,
  GRANT_ANY,
  grantableBy,
  matrixActions,
  matrixRows,
  rowState,
  setCell,
  setColumn,
  setRow,
  toPermissions,
  type MenuRow,
} from './permissionMatrix.ts';

const menu = (id: number, key: string, actions: string[], children?: GrantableMenu[]): GrantableMenu => ({
  id,
  pid: 0,
  key,
  name: `menu.${key}`,
  menuType: children ? 0 : 1,
  actions,
  children,
});

const TREE: GrantableMenu[] = [
  menu(1, 'dashboard', ['query']),
  menu(2, 'orders', [], [menu(3, 'workorder', ['query', 'get', 'renling', 'zhipai']), menu(4, 'myorders', ['query'])]),
  menu(5, 'system', [], [menu(6, 'role', ['query', 'add', 'edit'])]),
];
const rows = matrixRows(TREE);
const row = (key: string) => rows.find((r): r is MenuRow => r.kind === 'menu' && r.key === key)!;

describe('the permission matrix', () => {
  it('lists directories as group rows and leaves as rows, in tree order with depth', () => {
    expect(rows.map((r) => [r.kind, r.key, r.depth])).toEqual([
      ['menu', 'dashboard', 0],
      ['group', 'orders', 0],
      ['menu', 'workorder', 1],
      ['menu', 'myorders', 1],
      ['group', 'system', 0],
      ['menu', 'role', 1],
    ]);
  });

  it('has a column per offered action, in reading order', () => {
    expect(matrixActions(rows)).toEqual(['query', 'get', 'add', 'edit', 'zhipai', 'renling']);
  });

  it('select-all of a row ticks every action the menu offers, and clears them again', () => {
    const g = setRow({}, row('workorder'), true, GRANT_ANY);
    expect(rowState(g, row('workorder'), GRANT_ANY)).toBe('all');
    expect(toPermissions(g, rows)).toEqual([{ permissionId: 'workorder', actions: ['query', 'get', 'zhipai', 'renling'] }]);
    const cleared = setRow(g, row('workorder'), false, GRANT_ANY);
    expect(rowState(cleared, row('workorder'), GRANT_ANY)).toBe('none');
    expect(toPermissions(cleared, rows)).toEqual([]);
    // Back to where it started: an untouched form.
    expect(cleared).toEqual({});
  });

  it('a role without claim: the row is partly ticked', () => {
    const g = setCell(setRow({}, row('workorder'), true, GRANT_ANY), 'workorder', 'renling', false);
    expect(rowState(g, row('workorder'), GRANT_ANY)).toBe('some');
    expect(toPermissions(g, rows)).toEqual([{ permissionId: 'workorder', actions: ['query', 'get', 'zhipai'] }]);
  });

  it('select-all of a column ticks the action on every menu offering it', () => {
    const g = setColumn({}, rows, 'query', true, GRANT_ANY);
    expect(columnState(g, rows, 'query', GRANT_ANY)).toBe('all');
    expect(columnState(g, rows, 'add', GRANT_ANY)).toBe('none');
    expect(toPermissions(g, rows).map((p) => p.permissionId)).toEqual(['dashboard', 'workorder', 'myorders', 'role']);
    expect(columnState(setCell(g, 'role', 'query', false), rows, 'query', GRANT_ANY)).toBe('some');
  });

  it('sends only what the menus offer (stale or unknown grants are dropped)', () => {
    const g = fromPermissions([
      { permissionId: 'workorder', actions: ['query', 'delete'] },
      { permissionId: 'gone', actions: ['query'] },
      { permissionId: 'workorder', actions: ['get'] },
    ]);
    expect(toPermissions(g, rows)).toEqual([{ permissionId: 'workorder', actions: ['query', 'get'] }]);
  });

  it('someone who is not an administrator toggles only what they hold', () => {
    const may = grantableBy([{ permissionId: 'workorder', actions: ['query', 'get'] }]);
    const g = setRow({ workorder: ['renling'] }, row('workorder'), true, may);
    expect(g.workorder).toEqual(['get', 'query', 'renling']);
    expect(rowState(g, row('workorder'), may)).toBe('all');
    expect(setColumn({}, rows, 'query', true, may)).toEqual({ workorder: ['query'] });
  });
});
