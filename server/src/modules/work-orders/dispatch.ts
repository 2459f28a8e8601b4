/**
 * Automatic dispatch (docs/design.md, "Work-order state machine": create/resubmit): among
 * the bound, active staff of the application, the one with the fewest open orders
 * (processing or pending review); ties go round-robin, to whoever received an order least
 * recently (never first), then the lowest id. Null when nobody is available: the order
 * stays unassigned.
 */
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { insertRecord } from './repo.ts';

/** Subquery: a staff member's (`s.id`) open orders, processing or pending review. */
export function openCount(eb: ExpressionBuilder<DB & { s: DB['staff'] }, 's'>, companyId: number) {
  return eb
    .selectFrom('work_orders as w')
    .select(eb.fn.countAll<number>().as('n'))
    .where('w.company_id', '=', companyId)
    .whereRef('w.handler_id', '=', 's.id')
    .where('w.status', 'in', ['processing', 'pending_review'])
    .where('w.deleted_at', 'is', null);
}

/** The history step of an automatic dispatch: system hands the order to `handler`. */
export async function recordDispatch(db: Db, companyId: number, orderId: number, to: string, handler: { id: number; name: string }, at: string): Promise<void> {
  await insertRecord(db, companyId, {
    work_order_id: orderId,
    action: 'dispatch',
    from_status: 'unassigned',
    to_status: to,
    actor_staff_id: null,
    actor_name: 'system',
    target_staff_id: handler.id,
    target_name: handler.name,
    created_at: at,
  });
}

export async function pickHandler(db: Db, companyId: number, applicationId: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .selectFrom('application_staff as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select((eb) => [
      's.id',
      's.name',
      openCount(eb, companyId).as('open'),
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
