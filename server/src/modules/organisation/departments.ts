/**
 * Departments of a company (docs/design.md, "Organisation"): a tree kept flat with
 * `parent_id` links (0 = root). Rules: a name is unique among its siblings (400 on `name`);
 * the leader is active staff of the company (404 when another company's, 400 on
 * `leader_staff_id` when not active); a department never moves under itself or a
 * descendant (400 on `parent_id`); deleting one that still has staff or children is 409.
 * Every change is one transaction with its one operation-log row.
 */
import type { Kysely } from 'kysely';
import type { Department, DepartmentId, OrgNode, StaffId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { isAtOrBelow } from '../../lib/tree.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import type { DepartmentValues } from './departments-repo.ts';
import { isUniqueViolation, num } from '../../db/values.ts';
import { orgTree } from './org-tree.ts';

type Row = NonNullable<Awaited<ReturnType<CompanyData['departments']['findDepartment']>>>;

const present = (r: Row): Department => ({ ...r, leader_name: r.leader_name ?? null, staff_count: num(r.staff_count) });
/** What the log keeps of a department: its stored fields, not the derived counts. */
const stored = ({ staff_count: _c, leader_name: _l, ...r }: Department) => r;

export interface DepartmentInput {
  name: string;
  parent_id: DepartmentId | 0;
  leader_staff_id?: StaffId | null;
  sort: number;
  status: number;
}

/** An edit: `name` always; a field left out keeps its value, `leader_staff_id` null clears the leader. */
export type DepartmentPatch = Pick<DepartmentInput, 'name'> & Partial<Omit<DepartmentInput, 'name'>>;

/** Whether `candidate` is `id` itself or lies below it, following `parent_id` links. */
export function isSelfOrDescendant(links: { id: DepartmentId; parent_id: DepartmentId | 0 }[], id: DepartmentId, candidate: DepartmentId | 0): boolean {
  return isAtOrBelow(new Map(links.map((l) => [l.id, l.parent_id])), id, candidate);
}

/** Checks the ids the input points at (404 for another company's) and the leader and sibling-name rules (400). */
async function checkInput(data: CompanyData, actor: Actor, v: DepartmentInput, id?: DepartmentId): Promise<DepartmentValues> {
  await data.references.requireOwned({ department: v.parent_id || null, staff: v.leader_staff_id ?? null });
  if (id !== undefined && v.parent_id && isSelfOrDescendant(await data.departments.links(), id, v.parent_id)) {
    throw errors.field(actor.lang, 'parent_id', 'departmentBadParent');
  }
  const leader = v.leader_staff_id ?? null;
  if (leader && !(await data.departments.isActiveStaff(leader))) throw errors.field(actor.lang, 'leader_staff_id', 'leaderUnavailable');
  if (await data.departments.siblingNameTaken(v.parent_id, v.name, id)) throw errors.field(actor.lang, 'name', 'departmentNameTaken');
  return { name: v.name, parent_id: v.parent_id, leader_staff_id: leader, sort: v.sort, status: v.status };
}

/** Runs a write; a sibling-name race lost to a concurrent writer is the same 400 as the check. */
async function uniqueName<T>(actor: Actor, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.field(actor.lang, 'name', 'departmentNameTaken');
    throw err;
  }
}

async function load(data: CompanyData, id: DepartmentId): Promise<Department> {
  const row = await data.departments.findDepartment(id);
  if (!row) throw errors.notFound();
  return present(row);
}

export function createDepartmentService(db: Kysely<DB>) {
  const inTx = <T>(actor: Actor, fn: (data: CompanyData) => Promise<T>) => db.transaction().execute((trx) => fn(forCompany(trx, actor.companyId)));

  return {
    /** Every department, flat (`parent_id` links), with leader name and direct staff count; filters keyword (name contains) and status. */
    async list(actor: Actor, f: { keyword?: string; status?: number }): Promise<Department[]> {
      return (await forCompany(db, actor.companyId).departments.listDepartments(f)).map(present);
    },

    /** The enabled tree for pickers, with direct and subtree staff counts, from one query. */
    async orgList(actor: Actor): Promise<OrgNode[]> {
      const rows = await forCompany(db, actor.companyId).departments.listDepartments({});
      return orgTree(rows.map((r) => ({ id: r.id, parent_id: r.parent_id, name: r.name, status: r.status, staff_count: num(r.staff_count) })));
    },

    /** One department; 404 when missing or another company's. */
    async detail(actor: Actor, id: DepartmentId): Promise<Department> {
      return load(forCompany(db, actor.companyId), id);
    },

    /** Adds a department; returns its id. Errors: 404 (parent or leader of another company), 400 (rules above). */
    async add(actor: Actor, v: DepartmentInput): Promise<{ id: DepartmentId }> {
      return inTx(actor, async (data) => {
        const values = await checkInput(data, actor, v);
        const id = await uniqueName(actor, () => data.departments.insertDepartment(values, now()));
        const after = await load(data, id);
        await data.log.change(actor, { module: 'department', action: 'add', id, before: null, after: stored(after) });
        return { id };
      });
    },

    /** Changes what `patch` sends (name, parent, leader, sort, status); the rest stays. Errors: 404, 400 (rules above). */
    async edit(actor: Actor, id: DepartmentId, patch: DepartmentPatch): Promise<Department> {
      return inTx(actor, async (data) => {
        const row = await data.departments.findDepartment(id);
        if (!row) throw errors.notFound();
        const before = present(row);
        const merged: DepartmentInput = {
          name: patch.name,
          parent_id: patch.parent_id ?? row.parent_id,
          // an unchanged leader is not re-checked: renaming must not fail because the leader left since
          leader_staff_id: patch.leader_staff_id,
          sort: patch.sort ?? row.sort,
          status: patch.status ?? row.status,
        };
        const values = await checkInput(data, actor, merged, id);
        if (patch.leader_staff_id === undefined) values.leader_staff_id = row.leader_staff_id;
        await uniqueName(actor, () => data.departments.updateDepartment(id, values));
        const after = await load(data, id);
        await data.log.change(actor, { module: 'department', action: 'edit', id, before: stored(before), after: stored(after) });
        return after;
      });
    },

    /** Enables (1) or disables (0) a department. Errors: 404. */
    async setStatus(actor: Actor, id: DepartmentId, status: number): Promise<Department> {
      return inTx(actor, async (data) => {
        const before = await load(data, id);
        await data.departments.updateDepartment(id, { status });
        const after = await load(data, id);
        const action = status === 1 ? 'enable' : 'disable';
        await data.log.change(actor, { module: 'department', action, id, before: stored(before), after: stored(after) });
        return after;
      });
    },

    /** Deletes a department. Errors: 404; 409 naming the count while it has staff (not removed) or child departments. */
    async remove(actor: Actor, id: DepartmentId): Promise<void> {
      await inTx(actor, async (data) => {
        const before = await load(data, id);
        const b = await data.departments.blockers(id);
        if (b.staff) throw errors.conflict('departmentHasStaff', { count: b.staff });
        if (b.children) throw errors.conflict('departmentHasChildren', { count: b.children });
        await data.departments.deleteDepartment(id);
        await data.log.change(actor, { module: 'department', action: 'delete', id, before: stored(before), after: null });
      });
    },
  };
}
export type DepartmentService = ReturnType<typeof createDepartmentService>;
