/** SQL of requesters and what they see of their own orders. */
import type { ApplicationId, CompanyId, PublicOrder, RequesterId, WorkOrderId, WorkOrderStatus } from '@swo/contract';
import { insertedId, isPostgres, type Db } from '../../db/types.ts';
import { later } from '../../db/deferred-writes.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { RequestersTable } from '../../db/schema.ts';
import { companyRepo } from '../tenancy/company-repo.ts';
import { identKey } from './ident.ts';

/** The requester holding an ident (looked up by its stored key, ident.ts): the one lookup that starts from no company. */
export function findRequester(db: Db, ident: string) {
  return db.selectFrom('requesters').select(['id', 'company_id', 'name', 'phone']).where('ident_hash', '=', identKey(ident)).executeTakeFirst();
}

/** A new requester's row with its id taken ahead; nothing read back, so it may wait (compiled once: every public create of a new requester). */
const takenRequesterInsert = compiledOnce((db, v: Omit<RequestersTable, 'id'> & { id: RequesterId }) => later(db.insertInto('requesters').values(v)));

/** SQLite: a new requester's row (compiled once: every public create of a new requester). */
const requesterInsert = compiledOnce((db, v: Omit<RequestersTable, 'id'>) => db.insertInto('requesters').values(v));

/**
 * A new requester's id. `taken`: its id taken ahead (PostgreSQL, applications/repo.ts
 * findActiveByKeyTakingIds), when the insert may wait with the transaction's other writes (db/deferred-writes.ts).
 */
async function insertRequester(db: Db, companyId: CompanyId, r: Omit<RequestersTable, 'id' | 'company_id'>, taken?: RequesterId | null): Promise<RequesterId> {
  if (taken) {
    await db.executeQuery(takenRequesterInsert(db, { ...r, id: taken, company_id: companyId }));
    return taken;
  }
  if (isPostgres(db))
    return (
      await db
        .insertInto('requesters')
        .values({ ...r, company_id: companyId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // SQLite: the rowid, not a RETURNING, which cost 40-60 us more a create (work-orders/repo.ts, orderInsert).
  return insertedId<RequesterId>(await db.executeQuery(requesterInsert(db, { ...r, company_id: companyId })));
}

async function updateRequester(db: Db, companyId: CompanyId, id: RequesterId, name: string, phone: string): Promise<void> {
  await db.updateTable('requesters').set({ name, phone }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

async function renameOnOrder(db: Db, companyId: CompanyId, orderId: WorkOrderId, name: string, phone: string): Promise<void> {
  await db
    .updateTable('work_orders')
    .set({ requester_name: name, requester_phone: phone })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .execute();
}

async function requesterOrders(db: Db, companyId: CompanyId, requesterId: RequesterId, limit: number): Promise<PublicOrder[]> {
  const rows = await db
    .selectFrom('work_orders as w')
    .innerJoin('applications as a', 'a.id', 'w.application_id')
    .innerJoin('companies as c', 'c.id', 'w.company_id')
    .select(['w.id', 'w.order_no', 'w.title', 'w.status', 'a.name as application_name', 'c.name as company_name', 'w.reason', 'w.created_at', 'w.updated_at'])
    .where('w.company_id', '=', companyId)
    .where('w.requester_id', '=', requesterId)
    .where('w.deleted_at', 'is', null)
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, status: r.status as WorkOrderStatus }));
}

function applicationOf(db: Db, companyId: CompanyId, applicationId: ApplicationId) {
  return db
    .selectFrom('applications as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.app_key', 'a.name as application_name', 'c.name as company_name'])
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

/** The requester functions bound to one company (reached through `forCompany`). */
export const requesterRepo = companyRepo({ insertRequester, updateRequester, renameOnOrder, requesterOrders, applicationOf });
