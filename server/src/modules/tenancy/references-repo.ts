/**
 * Ids a request refers to (filters, targets) must name rows of the acting company: one of
 * another company is "not found", exactly like a missing one (docs/design.md, tenancy).
 * Reached through `forCompany(db, companyId).references`.
 */
import type { ApplicationId, CategoryId, CompanyId, DepartmentId, PositionId, RoleId, StaffId, TemplateId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';
import { companyRepo } from './company-repo.ts';

/** Tenant tables a request may point at, by the name of the reference. */
const TABLES = {
  application: 'applications',
  category: 'categories',
  staff: 'staff',
  department: 'departments',
  template: 'templates',
  position: 'positions',
  role: 'roles',
} as const;
/** One id, or a list checked in one query (e.g. the applications a member is bound to). */
type Ref<Id> = Id | readonly Id[] | null | undefined;
export interface References {
  application?: Ref<ApplicationId>;
  category?: Ref<CategoryId>;
  staff?: Ref<StaffId>;
  department?: Ref<DepartmentId>;
  template?: Ref<TemplateId>;
  position?: Ref<PositionId>;
  role?: Ref<RoleId>;
}

/** Throws 404 unless every given id is a row of `companyId` (of any status); one query per kind. */
async function requireOwned(db: Db, companyId: CompanyId, refs: References): Promise<void> {
  for (const [kind, ref] of Object.entries(refs) as [keyof typeof TABLES, Ref<number>][]) {
    if (ref === undefined || ref === null) continue;
    const ids = [...new Set(typeof ref === 'number' ? [ref] : ref)];
    if (!ids.length) continue;
    // The tables differ, the check does not: compare plain ids once the table is chosen.
    const found = await db
      .selectFrom(TABLES[kind])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('id', 'in', ids as never[])
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== ids.length) throw errors.notFound();
  }
}

/** The reference check bound to one company. */
export const referenceRepo = companyRepo({ requireOwned });
