/**
 * The role editor's permission matrix without React: the grantable menu tree
 * (`getsetnavlist`) as rows (directories as group rows, leaves as rows with the actions each
 * offers), the action columns, and the grants as `{permissionId: actions}` with the cell,
 * row and column toggles. A cell can be ticked only when the menu offers the action and the
 * user may grant it (`mayGrant`: an administrator anything, others what they hold).
 */
import { type ActionKey, type GrantableMenu, type GrantedPermission } from '@swo/contract';

export type MatrixRow =
  | { kind: 'group'; key: string; name: string; depth: number }
  | { kind: 'menu'; key: string; name: string; depth: number; actions: readonly string[] };
export type MenuRow = Extract<MatrixRow, { kind: 'menu' }>;

/** Granted actions by permission id (a menu's key). */
export type Grants = Readonly<Record<string, readonly string[]>>;

/** Whether the user may grant `action` on the menu `key` (the menu offering it is checked separately). */
export type MayGrant = (key: string, action: string) => boolean;

/** The tree as rows in display order: a directory (menuType 0) is a group row, a menu with actions a row. */
export function matrixRows(menus: readonly GrantableMenu[], depth = 0): MatrixRow[] {
  return menus.flatMap((m): MatrixRow[] => {
    const own: MatrixRow[] =
      m.menuType === 0
        ? [{ kind: 'group', key: m.key, name: m.name, depth }]
        : m.actions.length
          ? [{ kind: 'menu', key: m.key, name: m.name, depth, actions: m.actions }]
          : [];
    return [...own, ...matrixRows(m.children ?? [], depth + 1)];
  });
}

const menuRows = (rows: readonly MatrixRow[]): MenuRow[] => rows.filter((r): r is MenuRow => r.kind === 'menu');

/** Reading order of the columns: what one sees, then what one changes, then the work-order actions. */
const COLUMN_ORDER: readonly ActionKey[] = [
  'query',
  'get',
  'add',
  'edit',
  'delete',
  'enable',
  'disable',
  'import',
  'export',
  'update',
  'zhipai',
  'renling',
  'cancelorder',
  'examine',
];

/** The action columns: every action some menu offers, in reading order (menus offer only the catalogue's actions). */
export function matrixActions(rows: readonly MatrixRow[]): ActionKey[] {
  const offered = new Set(menuRows(rows).flatMap((r) => r.actions));
  return COLUMN_ORDER.filter((a) => offered.has(a));
}

/** A menu's actions in one canonical order (sorted, no duplicates), so equal grants compare equal. */
const canonical = (actions: Iterable<string>): string[] => [...new Set(actions)].sort();

export function fromPermissions(permissions: readonly GrantedPermission[]): Grants {
  const out: Record<string, string[]> = {};
  for (const p of permissions) out[p.permissionId] = canonical([...(out[p.permissionId] ?? []), ...p.actions]);
  return out;
}

/** What to send: the grants on the rows' menus that the menus offer, in column order, empty menus left out. */
export function toPermissions(grants: Grants, rows: readonly MatrixRow[]): { permissionId: string; actions: ActionKey[] }[] {
  const columns = matrixActions(rows);
  return menuRows(rows).flatMap((r) => {
    const actions = columns.filter((a) => r.actions.includes(a) && (grants[r.key] ?? []).includes(a));
    return actions.length ? [{ permissionId: r.key, actions }] : [];
  });
}

export const hasGrant = (grants: Grants, key: string, action: string): boolean => (grants[key] ?? []).includes(action);

/** A cell the user can tick: the menu offers the action and the user may grant it. */
export const cellEnabled = (row: MenuRow, action: string, mayGrant: MayGrant): boolean => row.actions.includes(action) && mayGrant(row.key, action);

/** The grants with one cell ticked or cleared; a menu left without actions is dropped (an untouched form compares equal). */
export function setCell(grants: Grants, key: string, action: string, on: boolean): Grants {
  const current = grants[key] ?? [];
  const next = on ? canonical([...current, action]) : current.filter((a) => a !== action);
  const { [key]: _old, ...rest } = grants;
  return next.length ? { ...rest, [key]: next } : rest;
}

/** 'all' when every given cell is ticked, 'none' when none is (or there are none), else 'some'. */
export type TickState = 'all' | 'some' | 'none';
function tickState(cells: readonly [string, string][], grants: Grants): TickState {
  const ticked = cells.filter(([k, a]) => hasGrant(grants, k, a)).length;
  return ticked === 0 ? 'none' : ticked === cells.length ? 'all' : 'some';
}

const rowCells = (row: MenuRow, mayGrant: MayGrant): [string, string][] => row.actions.filter((a) => mayGrant(row.key, a)).map((a) => [row.key, a]);
const columnCells = (rows: readonly MatrixRow[], action: string, mayGrant: MayGrant): [string, string][] =>
  menuRows(rows)
    .filter((r) => cellEnabled(r, action, mayGrant))
    .map((r) => [r.key, action]);

export const rowState = (grants: Grants, row: MenuRow, mayGrant: MayGrant): TickState => tickState(rowCells(row, mayGrant), grants);
export const columnState = (grants: Grants, rows: readonly MatrixRow[], action: string, mayGrant: MayGrant): TickState =>
  tickState(columnCells(rows, action, mayGrant), grants);

function setCells(grants: Grants, cells: readonly [string, string][], on: boolean): Grants {
  return cells.reduce((g, [k, a]) => setCell(g, k, a, on), grants);
}

/** Ticks (or clears) every enabled cell of the row; cells the user may not grant keep their value. */
export const setRow = (grants: Grants, row: MenuRow, on: boolean, mayGrant: MayGrant): Grants => setCells(grants, rowCells(row, mayGrant), on);
/** Ticks (or clears) the action on every menu offering it that the user may grant. */
export const setColumn = (grants: Grants, rows: readonly MatrixRow[], action: string, on: boolean, mayGrant: MayGrant): Grants =>
  setCells(grants, columnCells(rows, action, mayGrant), on);

/** Everything is grantable (an administrator). */
export const GRANT_ANY: MayGrant = () => true;

/** What a user holding `held` may grant: exactly that. */
export function grantableBy(held: readonly GrantedPermission[]): MayGrant {
  const set = new Set(held.flatMap((p) => p.actions.map((a) => `${p.permissionId}.${a}`)));
  return (key, action) => set.has(`${key}.${action}`);
}
