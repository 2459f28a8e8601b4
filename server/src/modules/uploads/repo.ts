/**
 * SQL of uploads (docs/design.md, "Uploads"). Tenant functions are reached through
 * `forCompany(…).uploads`; the two lookups that start from no company are the requester's
 * (the order's identification names the company) and the purge of unattached uploads.
 */
import type { CompanyId, RequesterId, WorkOrderId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import type { UploadsTable } from '../../db/schema.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

export type UploadRow = Omit<UploadsTable, 'id'> & { id: number };
type NewUpload = Omit<UploadsTable, 'id' | 'company_id' | 'work_order_id'>;

const COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'application_id',
  'work_order_id',
  'file_key',
  'kind',
  'thumb_key',
  'name',
  'mime',
  'size',
  'created_at',
] as const;

async function insertUpload(db: Db, companyId: CompanyId, u: NewUpload): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ ...u, company_id: companyId, work_order_id: null })
    .execute();
}

function findUpload(db: Db, companyId: CompanyId, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').select(COLUMNS).where('company_id', '=', companyId).where('file_key', '=', key).executeTakeFirst();
}

/** The company's uploads among `keys` (any the company does not own are simply absent). */
function findUploads(db: Db, companyId: CompanyId, keys: readonly string[]): Promise<UploadRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return db.selectFrom('uploads').select(COLUMNS).where('company_id', '=', companyId).where('file_key', 'in', keys).execute();
}

/** Attaches unattached uploads (or ones already on this order) to `orderId`; returns how many. */
async function attachUploads(db: Db, companyId: CompanyId, keys: readonly string[], orderId: WorkOrderId): Promise<number> {
  if (!keys.length) return 0;
  const r = await db
    .updateTable('uploads')
    .set({ work_order_id: orderId })
    .where('company_id', '=', companyId)
    .where('file_key', 'in', keys)
    .where((eb) => eb.or([eb('work_order_id', 'is', null), eb('work_order_id', '=', orderId)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export const uploadRepo = companyRepo({ insertUpload, findUpload, findUploads, attachUploads });

/** An upload on an order of the requester (by id): the requester's download. */
export function findRequesterUpload(db: Db, requesterId: RequesterId, key: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads as u')
    .innerJoin('work_orders as w', (j) => j.onRef('w.id', '=', 'u.work_order_id').onRef('w.company_id', '=', 'u.company_id'))
    .select(COLUMNS.map((c) => `u.${c}` as const))
    .where('u.file_key', '=', key)
    .where('w.requester_id', '=', requesterId)
    .executeTakeFirst();
}

/** Deletes uploads never attached to an order and made before `before`; returns their keys (to delete the files). */
export async function purgeUnattached(db: Db, before: string): Promise<{ file_key: string; thumb_key: string | null }[]> {
  return db.deleteFrom('uploads').where('work_order_id', 'is', null).where('created_at', '<', before).returning(['file_key', 'thumb_key']).execute();
}
