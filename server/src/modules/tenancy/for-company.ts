/**
 * The one door to tenant data (docs/design.md, "Tenancy"): `forCompany(db, companyId)`
 * gives every repository with the company bound, so services write
 * `forCompany(trx, actor.companyId).orders.findOrder(id)` and no query of a tenant table
 * can leave the company out. Cheap to call (one object; a repository is bound, as closures,
 * on its first use): call it per transaction.
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

/** Every repository of tenant data, by the name services reach it under. */
const REPOS = {
  orders: orderRepo,
  reads: readRepo,
  stats: statsRepo,
  applications: applicationRepo,
  requesters: requesterRepo,
  roles: roleRepo,
  access: accessRepo,
  log: logRepo,
  locks: lockRepo,
  references: referenceRepo,
  uploads: uploadRepo,
  departments: departmentRepo,
  positions: positionRepo,
  categories: categoryRepo,
  staff: staffRepo,
  invitations: invitationRepo,
  templates: templateRepo,
  sources: sourceRepo,
  notifications: notificationRepo,
} as const;

export type CompanyData = { readonly companyId: CompanyId } & { readonly [K in keyof typeof REPOS]: ReturnType<(typeof REPOS)[K]> };

/**
 * The repositories are bound on first use and kept on the object: a request touches two or
 * three of them, and binding all nineteen on every call was a few per cent of a list's CPU.
 */
const lazyRepos: PropertyDescriptorMap = Object.fromEntries(
  Object.entries(REPOS).map(([name, bind]) => [
    name,
    {
      get(this: { db: Db; companyId: CompanyId }) {
        const repo = bind(this.db, this.companyId);
        Object.defineProperty(this, name, { value: repo, enumerable: true });
        return repo;
      },
      enumerable: true,
      configurable: true,
    },
  ]),
);
const prototype = Object.create(Object.prototype, lazyRepos) as object;

export function forCompany(db: Db, companyId: CompanyId): CompanyData {
  const data = Object.create(prototype) as { db: Db; companyId: CompanyId };
  Object.defineProperty(data, 'db', { value: db });
  data.companyId = companyId;
  return data as unknown as CompanyData;
}
