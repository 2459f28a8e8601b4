/** The picker's department tree (docs/design.md, "Organisation"), computed in memory from one flat read. */
import type { OrgNode } from '@swo/contract';

export interface FlatDepartment {
  id: number;
  parent_id: number;
  name: string;
  status: number;
  /** Staff (not removed) directly in the department. */
  staff_count: number;
}

/**
 * The enabled departments whose ancestors are all enabled (a disabled department takes its
 * subtree out of pickers), in the input's order, each with `total_staff` = its own staff
 * plus that of every department shown below it.
 */
export function orgTree(rows: FlatDepartment[]): OrgNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Map<number, boolean>();
  const isVisible = (r: FlatDepartment, depth = 0): boolean => {
    const known = visible.get(r.id);
    if (known !== undefined) return known;
    const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
    // depth guards against a parent loop in bad data
    const v = r.status === 1 && (!r.parent_id || (!!parent && depth < rows.length && isVisible(parent, depth + 1)));
    visible.set(r.id, v);
    return v;
  };
  const shown = rows.filter((r) => isVisible(r));
  const total = new Map(shown.map((r) => [r.id, r.staff_count]));
  for (const r of shown) {
    // add this department's own staff to every shown ancestor
    const seen = new Set<number>([r.id]);
    for (let p = r.parent_id; p && total.has(p) && !seen.has(p); p = byId.get(p)?.parent_id ?? 0) {
      seen.add(p);
      total.set(p, (total.get(p) ?? 0) + r.staff_count);
    }
  }
  return shown.map((r) => ({ id: r.id, parent_id: r.parent_id, name: r.name, staff_count: r.staff_count, total_staff: total.get(r.id) ?? 0 }));
}
