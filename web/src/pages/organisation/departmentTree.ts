/**
 * The department tree built from the flat `departmentList` reply (parent_id links it):
 * children ordered by sort then id, and the ids a department may not move under (itself and
 * its descendants), so that the parent picker can grey them out before the server says 400.
 */
import type { Department } from '@swo/contract';

export interface DepartmentNode extends Department {
  children?: DepartmentNode[];
}

const bySort = (a: Department, b: Department) => a.sort - b.sort || a.id - b.id;

/** Nests the flat list; a department whose parent is not in the list becomes a root. */
export function buildDepartmentTree(list: readonly Department[]): DepartmentNode[] {
  const ids = new Set(list.map((d) => d.id));
  const children = new Map<number, Department[]>();
  for (const d of list) {
    const parent = ids.has(d.parent_id) && d.parent_id !== d.id ? d.parent_id : 0;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const seen = new Set<number>();
  const nest = (parent: number): DepartmentNode[] =>
    (children.get(parent) ?? [])
      .filter((d) => !seen.has(d.id))
      .sort(bySort)
      .map((d) => {
        seen.add(d.id);
        const kids = nest(d.id);
        // Leaves get no `children`: antd's tree table would draw an expander for [].
        return kids.length ? { ...d, children: kids } : { ...d };
      });
  return nest(0);
}

/** `id` and every department below it. */
export function selfAndDescendants(list: readonly Department[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of list) {
      if (!out.has(d.id) && out.has(d.parent_id)) {
        out.add(d.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Every id of the tree that has children (to expand all). */
export function parentIds(nodes: readonly DepartmentNode[]): number[] {
  return nodes.flatMap((n) => (n.children ? [n.id, ...parentIds(n.children)] : []));
}
