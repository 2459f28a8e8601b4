/**
 * Automatic dispatch (issue 3, DESIGN.md section 5 create/resubmit): among the bound,
 * active staff of the application, the one with the fewest open orders (processing or
 * pending review); ties go round-robin, to whoever received an order least recently
 * (never first), then the lowest id. Null when nobody is available: the order stays
 * unassigned.
 */
import type { Db } from '../../db/types.ts';

export async function pickHandler(db: Db, companyId: number, applicationId: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select((eb) => [
      's.id',
      's.name',
      eb
        .selectFrom('work_orders as w')
        .select(eb.fn.countAll<number>().as('n'))
        .where('w.company_id', '=', companyId)
        .whereRef('w.handler_id', '=', 's.id')
        .where('w.status', 'in', ['processing', 'pending_review'])
        .where('w.deleted_at', 'is', null)
        .as('open'),
      eb
        .selectFrom('work_order_records as r')
        .select((e) => e.fn.max('r.created_at').as('m'))
        .where('r.company_id', '=', companyId)
        .whereRef('r.target_staff_id', '=', 's.id')
        .where('r.action', 'in', ['dispatch', 'assign', 'reassign'])
        .as('last'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.application_id', '=', applicationId)
    .where('s.status', '=', 1)
    .execute();
  rows.sort((a, b) => Number(a.open) - Number(b.open) || String(a.last ?? '').localeCompare(String(b.last ?? '')) || a.id - b.id);
  return rows[0] ? { id: rows[0].id, name: rows[0].name } : null;
}
