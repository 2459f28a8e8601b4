/**
 * SQL of reading an order's history (work_order_records): the history call's statement and,
 * on PostgreSQL, the same records as a JSON array inside the detail's own statement (a
 * round trip less; docs/design.md, "One statement a detail"). Part of the order repository:
 * its functions take the company id first and are reached through `orderRepo` (repo.ts).
 */
import { sql, type Selectable } from 'kysely';
import type { CompanyId, WorkOrderId } from '@swo/contract';
import { compiledOnce } from '../../db/compiled.ts';
import type { Db } from '../../db/types.ts';
import type { WorkOrderRecordsTable } from '../../db/schema.ts';

/** The columns of a history record as the detail and the history calls give them. */
const RECORD_COLUMNS = ['id', 'action', 'from_status', 'to_status', 'actor_name', 'target_name', 'note', 'is_internal', 'detail', 'created_at'] as const;

/** A history record as read. */
export type RecordRow = Pick<Selectable<WorkOrderRecordsTable>, (typeof RECORD_COLUMNS)[number]>;

/** The query of an order's history, oldest first. */
function records(db: Db, companyId: CompanyId, orderId: WorkOrderId) {
  return db.selectFrom('work_order_records').select(RECORD_COLUMNS).where('company_id', '=', companyId).where('work_order_id', '=', orderId).orderBy('id');
}
/** Every record of one order, oldest first (compiled once: the detail page reads it). */
const allRecords = compiledOnce((db, v: { companyId: CompanyId; orderId: WorkOrderId }) => records(db, v.companyId, v.orderId));

/** The order's history, oldest first; `actions` narrows it (e.g. to assignment steps). */
export async function listRecords(db: Db, companyId: CompanyId, orderId: WorkOrderId, actions?: string[]): Promise<RecordRow[]> {
  if (!actions) return (await db.executeQuery(allRecords(db, { companyId, orderId }))).rows;
  return records(db, companyId, orderId).where('action', 'in', actions).execute();
}

/**
 * PostgreSQL: the history of the order aliased `w` as the text of a JSON array of RECORD_COLUMNS
 * objects, oldest first (`[]` for none). Every column is an integer or a string, which JSON
 * gives back as the driver reads them.
 */
export function recordsJson() {
  const pairs = sql.join(RECORD_COLUMNS.map((c) => sql`${sql.lit(c)}, r.${sql.ref(c)}`));
  return sql<string>`(select coalesce(json_agg(json_build_object(${pairs}) order by r.id)::text, '[]')
    from work_order_records r where r.company_id = w.company_id and r.work_order_id = w.id)`;
}
