/**
 * The one door to tenant data (docs/design.md, "Tenancy"): `forCompany(db, companyId)`
 * gives every repository with the company bound, so services write
 * `forCompany(trx, actor.companyId).orders.findOrder(id)` and no query of a tenant table
 * can leave the company out. Cheap to call (closures only): call it per transaction.
 */
import type { CompanyId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { accessRepo } from '../access/repo.ts';
import { applicationRepo } from '../applications/repo.ts';
import { notificationRepo } from '../notifications/repo.ts';
import { logRepo } from '../operation-log/repo.ts';
import { categoryRepo } from '../organisation/categories-repo.ts';
import { departmentRepo } from '../organisation/departments-repo.ts';
import { positionRepo } from '../organisation/positions-repo.ts';
import { requesterRepo } from '../requester/repo.ts';
import { roleRepo } from '../roles/repo.ts';
import { invitationRepo } from '../staff/invitations-repo.ts';
import { staffRepo } from '../staff/repo.ts';
import { templateRepo } from '../templates/repo.ts';
import { sourceRepo } from '../templates/sources-repo.ts';
import { uploadRepo } from '../uploads/repo.ts';
import { lockRepo } from '../work-orders/locks-repo.ts';
import { readRepo } from '../work-orders/reads-repo.ts';
import { orderRepo } from '../work-orders/repo.ts';
import { statsRepo } from '../work-orders/stats-repo.ts';
import { referenceRepo } from './references-repo.ts';

export function forCompany(db: Db, companyId: CompanyId) {
  return {
    companyId,
    orders: orderRepo(db, companyId),
    reads: readRepo(db, companyId),
    stats: statsRepo(db, companyId),
    applications: applicationRepo(db, companyId),
    requesters: requesterRepo(db, companyId),
    roles: roleRepo(db, companyId),
    access: accessRepo(db, companyId),
    log: logRepo(db, companyId),
    locks: lockRepo(db, companyId),
    references: referenceRepo(db, companyId),
    uploads: uploadRepo(db, companyId),
    departments: departmentRepo(db, companyId),
    positions: positionRepo(db, companyId),
    categories: categoryRepo(db, companyId),
    staff: staffRepo(db, companyId),
    invitations: invitationRepo(db, companyId),
    templates: templateRepo(db, companyId),
    sources: sourceRepo(db, companyId),
    notifications: notificationRepo(db, companyId),
  };
}
export type CompanyData = ReturnType<typeof forCompany>;
