/**
 * Reading staff (docs/design.md, "Staff"): the paged list with its filters, the picker
 * search, one member with its bound applications. Changes are in changes.ts.
 */
import type { Kysely } from 'kysely';
import {
  pageOf,
  type DepartmentId,
  type Paged,
  type PositionId,
  type RoleId,
  type StaffApplication,
  type StaffDetail,
  type StaffId,
  type StaffRow,
} from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { forCompany } from '../tenancy/for-company.ts';

export interface StaffListQuery {
  pageNo: number;
  pageSize: number;
  department_id?: DepartmentId;
  position_id?: PositionId;
  role_id?: RoleId;
  status?: number;
  keyword?: string;
}

export function createStaffService(db: Kysely<DB>) {
  return {
    /** A page of members; filter ids of another company are 404; the department includes its descendants. */
    async list(actor: Actor, q: StaffListQuery): Promise<Paged<StaffRow>> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ department: q.department_id, position: q.position_id, role: q.role_id });
      const departmentIds = q.department_id ? await data.reads.departmentAndDescendants(q.department_id) : undefined;
      const { rows, total } = await data.staff.listStaff({ ...q, departmentIds, keyword: q.keyword || undefined });
      return pageOf(rows, total, q);
    },

    /** Up to 20 active members for pickers. */
    async search(actor: Actor, keyword?: string) {
      return forCompany(db, actor.companyId).staff.searchStaff(keyword || undefined);
    },

    /** One member with the ids of its applications; 404 when not a (present) member of the company. */
    async detail(actor: Actor, id: StaffId): Promise<StaffDetail> {
      const data = forCompany(db, actor.companyId);
      const s = await data.staff.findStaff(id);
      if (!s) throw errors.notFound();
      const apps = await data.staff.applicationsOf(id);
      const { user_id: _u, is_admin: _a, role_status: _r, ...row } = s;
      return { ...row, application_ids: apps.filter((a) => a.bound).map((a) => a.id) };
    },

    /** The company's applications with `bound` for the member. */
    async applications(actor: Actor, staffId: StaffId): Promise<StaffApplication[]> {
      const data = forCompany(db, actor.companyId);
      if (!(await data.staff.findStaff(staffId))) throw errors.notFound();
      return data.staff.applicationsOf(staffId);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
