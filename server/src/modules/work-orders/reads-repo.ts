/** SQL of the staff-side reads beyond the list: assignable staff, my orders, order kinds. */
import { sql } from 'kysely';
import { OPEN_STATUSES, type WorkOrderStatus } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { openCount } from './dispatch.ts';
import { listOrders, roleMayClaim } from './repo.ts';

/** `departmentId` and every department below it. */
export async function departmentAndDescendants(db: Db, companyId: number, departmentId: number): Promise<number[]> {
  const all = await db.selectFrom('departments').select(['id', 'parent_id']).where('company_id', '=', companyId).execute();
  const out = new Set<number>([departmentId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of all) {
      if (out.has(d.parent_id) && !out.has(d.id)) {
        out.add(d.id);
        grew = true;
      }
    }
  }
  return [...out];
}

/** Active staff whose role may handle orders (administrator or granted `renling`), with their load. */
export function assignableStaff(db: Db, companyId: number, q: { application_id?: number; departmentIds?: number[]; keyword?: string }) {
  let query = db
    .selectFrom('staff as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('positions as p', 'p.id', 's.position_id')
    .select((eb) => [
      's.id',
      's.name',
      's.job_number',
      's.department_id',
      'd.name as department_name',
      'p.name as position_name',
      'r.name as role_name',
      openCount(eb, companyId).as('open_count'),
      q.application_id
        ? eb
            .selectFrom('application_staff as b')
            .select(eb.fn.countAll<number>().as('n'))
            .where('b.application_id', '=', q.application_id)
            .whereRef('b.staff_id', '=', 's.id')
            .as('bound')
        : sql<number>`1`.as('bound'),
    ])
    .where('s.company_id', '=', companyId)
    .where('s.status', '=', 1)
    .where('r.status', '=', 1)
    // Platform administrators run the platform, they do not handle a company's orders.
    .where('u.status', '=', 1)
    .where('u.is_platform_admin', '=', 0)
    .where((eb) => roleMayClaim(eb));
  if (q.departmentIds) query = query.where('s.department_id', 'in', q.departmentIds);
  if (q.keyword) query = query.where((eb) => eb.or([eb('s.name', 'like', `%${q.keyword}%`), eb('s.job_number', '=', q.keyword!)]));
  return query.orderBy('s.id').execute();
}

/** Orders I handle, I created, or I reviewed (an examine record of mine), newest first. */
export async function myOrders(
  db: Db,
  companyId: number,
  staffId: number,
  q: { type: 'handling' | 'created' | 'reviewed'; status?: WorkOrderStatus; pageNo: number; pageSize: number },
) {
  // "To handle" means still open unless a status is asked for.
  if (q.type === 'handling') return listOrders(db, companyId, { ...q, handler_id: staffId, statuses: OPEN_STATUSES }, { exactCount: true });
  if (q.type === 'created') return listOrders(db, companyId, { ...q }, { exactCount: true, creatorStaffId: staffId });
  return listOrders(db, companyId, { ...q }, { exactCount: true, reviewedBy: staffId });
}

/** Templates used by the company's applications, for filters. */
export function orderKinds(db: Db, companyId: number) {
  return db.selectFrom('templates as t').select(['t.id', 't.name']).where('t.company_id', '=', companyId).where('t.status', '=', 1).orderBy('t.id').execute();
}

export function templateOf(db: Db, companyId: number, templateId: number) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'version', 'schema', 'is_automatic', 'needs_review'])
    .where('company_id', '=', companyId)
    .where('id', '=', templateId)
    .executeTakeFirst();
}
