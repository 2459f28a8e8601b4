/**
 * SQL of invitations (docs/design.md, "Invitations"). Making and revoking them is tenant
 * work (bound through `forCompany(db, id).invitations`); reading one by its token and
 * spending it are global, as the invited person has no company yet.
 */
import type { CompanyId, StaffId, UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** Spends the member's open invitations (a new link replaces the old one). */
async function revokeOpen(db: Db, companyId: CompanyId, staffId: StaffId, at: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('company_id', '=', companyId)
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
}

async function insertInvitation(
  db: Db,
  companyId: CompanyId,
  i: { staff_id: StaffId; user_id: UserId; token_hash: string; created_by: UserId; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({ ...i, company_id: companyId })
    .execute();
}

/** Invitations of one company (reached through `forCompany`). */
export const invitationRepo = companyRepo({ revokeOpen, insertInvitation });

/** An open (unused, unexpired) invitation by its token's hash, with the member, account and company it names. */
export function findOpenInvitation(db: Db, tokenHash: string, at: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('staff as s', (j) => j.onRef('s.company_id', '=', 'i.company_id').onRef('s.id', '=', 'i.staff_id'))
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select([
      'i.id',
      'i.company_id',
      'i.staff_id',
      'i.user_id',
      'i.expires_at',
      'u.username',
      'u.nickname',
      'u.status as user_status',
      'u.claimed_at',
      's.name as staff_name',
      's.status as staff_status',
      's.deleted_at as staff_deleted_at',
      'c.name as company_name',
      'c.status as company_status',
    ])
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', at)
    .executeTakeFirst();
}

/** Spends an invitation; false when another request spent it first (single use). */
export async function spendInvitation(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('invitations').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
