/**
 * SQL of the per-company locks and keys that keep repeated requests safe: the import lock
 * (one import at a time per company) and idempotency keys of batch calls. Reached only
 * through `lockRepo(db, companyId)`.
 */
import type { CompanyId, UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** Takes the company's import lock for `holder` until `expiresAt` (a stale one is dropped first); false while another holds it. */
async function takeImportLock(db: Db, companyId: CompanyId, holder: string, at: string, expiresAt: string): Promise<boolean> {
  await db.deleteFrom('import_locks').where('company_id', '=', companyId).where('expires_at', '<', at).execute();
  const got = await db
    .insertInto('import_locks')
    .values({ company_id: companyId, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .executeTakeFirst();
  return Number(got.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function releaseImportLock(db: Db, companyId: CompanyId, holder: string): Promise<void> {
  await db.deleteFrom('import_locks').where('company_id', '=', companyId).where('holder', '=', holder).execute();
}

/** Claims (user, key) for a request of hash `requestHash`; the new row's id, or undefined when the key was used before. */
async function claimKey(db: Db, companyId: CompanyId, userId: UserId, key: string, requestHash: string, at: string): Promise<number | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ company_id: companyId, user_id: userId, key, request_hash: requestHash, status_code: null, response: null, created_at: at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The first request of (user, key): its body hash and reply (null while it runs). */
function priorKey(db: Db, companyId: CompanyId, userId: UserId, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

async function saveReply(db: Db, companyId: CompanyId, id: number, response: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status_code: 200, response }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

async function releaseKey(db: Db, companyId: CompanyId, id: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The lock and key functions bound to one company (reached through `forCompany`). */
export const lockRepo = companyRepo({ takeImportLock, releaseImportLock, claimKey, priorKey, saveReply, releaseKey });
