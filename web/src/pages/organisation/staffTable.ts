/**
 * What the staff screen keeps outside React: its filters and page as a URL table
 * (useUrlTable), the list call's query built from them, and the `orglist` rows nested into
 * the department tree its left panel and the form's department picker show (with a
 * member's disabled department added, so the picker can still name it), and the form's
 * position and role choices.
 */
import type { OrgNode } from '@swo/contract';
import type { StaffListParams } from '../../app/api.ts';
import { param, urlTable, type UrlTableState } from '../../app/urlTable.ts';

/** Department (the tree's choice, descendants included), keyword, position, role, status and page. */
export const STAFF_TABLE = urlTable({
  department_id: param.positiveInt(),
  keyword: param.text(),
  position_id: param.positiveInt(),
  role_id: param.positiveInt(),
  status: param.oneOf(['1', '0'] as const, ''),
});

export type StaffTableState = UrlTableState<typeof STAFF_TABLE.params>;

/** The list call's query: empty filters left out. */
export function staffQuery(s: StaffTableState): StaffListParams {
  return {
    pageNo: s.pageNo,
    pageSize: s.pageSize,
    department_id: s.department_id,
    keyword: s.keyword || undefined,
    position_id: s.position_id,
    role_id: s.role_id,
    status: s.status === '' ? undefined : Number(s.status),
  };
}

/** Every filter cleared (the department choice stays: it is the tree's, not the toolbar's). */
export const NO_STAFF_FILTERS = { keyword: '', position_id: undefined, role_id: undefined, status: '' } as const;

export interface OrgTreeNode {
  /** The department id (antd's Tree and TreeSelect read `key` and `value`). */
  key: number;
  value: number;
  title: string;
  /** Staff in it and the departments below it. */
  total: number;
  children?: OrgTreeNode[];
}

/**
 * Nests the flat `orglist` rows (the order of the reply is kept among siblings). A row whose
 * parent is not listed (a disabled parent hides its branch on the server) becomes a root.
 */
export function buildOrgTree(rows: readonly OrgNode[]): OrgTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number, OrgNode[]>();
  for (const r of rows) {
    const parent = r.parent_id && ids.has(r.parent_id) && r.parent_id !== r.id ? r.parent_id : 0;
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const seen = new Set<number>();
  const nest = (parent: number): OrgTreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => {
        seen.add(r.id);
        const kids = nest(r.id);
        const node: OrgTreeNode = { key: r.id, value: r.id, title: r.name, total: r.total_staff };
        return kids.length ? { ...node, children: kids } : node;
      });
  return nest(0);
}

/** Every id of the tree that has children (to expand all). */
export function branchIds(nodes: readonly OrgTreeNode[]): number[] {
  return nodes.flatMap((n) => (n.children ? [n.key, ...branchIds(n.children)] : []));
}

/** `tree` with a member's current department added on top when the tree lacks it (a disabled one), so a picker can show it. */
export function withDepartment(tree: OrgTreeNode[], id: number | null, name: string | null): OrgTreeNode[] {
  if (id === null) return tree;
  const has = (nodes: OrgTreeNode[]): boolean => nodes.some((n) => n.key === id || (n.children ? has(n.children) : false));
  return has(tree) ? tree : [{ key: id, value: id, title: name ?? `#${id}`, total: 0 }, ...tree];
}

/** A choice of a select in the staff form. */
export interface Choice {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * The enabled `items` as choices: nobody is given a disabled position or role. A member's
 * current value that is not among them (disabled, or not listed) is kept as a disabled
 * choice, so that the field still shows its name instead of a bare id.
 */
export function enabledChoices(items: readonly { id: number; name: string; status: number }[], current?: { id: number | null; name: string | null }): Choice[] {
  const choices: Choice[] = items.filter((i) => i.status === 1).map((i) => ({ value: i.id, label: i.name }));
  const id = current?.id ?? null;
  if (id !== null && !choices.some((c) => c.value === id)) {
    const name = items.find((i) => i.id === id)?.name ?? current?.name ?? `#${id}`;
    choices.unshift({ value: id, label: name, disabled: true });
  }
  return choices;
}
