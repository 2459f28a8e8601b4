/**
 * Automatic dispatch (DESIGN.md section 5, create with an automatic template): the bound,
 * active staff member of the application with the fewest open orders; ties go to the one
 * who least recently received an order, then the lowest id. Null when nobody is available.
 */
import type { Db } from '../../db/types.ts';

export async function pickHandler(db: Db, companyId: number, applicationId: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .leftJoin('work_orders as w', (j) =>
      j
        .onRef('w.handler_id', '=', 's.id')
        .on('w.company_id', '=', companyId)
        .on('w.status', 'in', ['processing', 'pending_review'])
        .on('w.deleted_at', 'is', null),
    )
    .select((eb) => ['s.id', 's.name', eb.fn.count<number>('w.id').as('open'), eb.fn.max('w.updated_at').as('last')])
    .where('b.company_id', '=', companyId)
    .where('b.application_id', '=', applicationId)
    .where('s.status', '=', 1)
    .groupBy(['s.id', 's.name'])
    .execute();
  rows.sort((a, b) => Number(a.open) - Number(b.open) || String(a.last ?? '').localeCompare(String(b.last ?? '')) || a.id - b.id);
  return rows[0] ? { id: rows[0].id, name: rows[0].name } : null;
}
