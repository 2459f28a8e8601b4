/**
 * Data scope (docs/design.md, "Data scope"): which of the company's orders a member sees,
 * resolved once per call from their role's scope. It narrows list, detail, history,
 * counts, statistics, export and every action alike; an order outside it is "not found".
 */
import type { ApplicationId, StaffId } from '@swo/contract';
import type { Actor } from '../../http/context.ts';
import type { CompanyData } from '../tenancy/for-company.ts';

export type Visibility =
  | { kind: 'company' }
  | { kind: 'own'; staffId: StaffId }
  | { kind: 'department'; staffId: StaffId; applicationIds: readonly ApplicationId[] };

/**
 * The visibility of `actor`: `department` resolves to the applications bound to active
 * staff of the member's department and those below it (plus their own orders), or to
 * `company` when those are all the company's applications; a member without a department
 * sees only their own.
 */
export async function visibilityOf(data: CompanyData, actor: Pick<Actor, 'dataScope' | 'departmentId' | 'staffId'>): Promise<Visibility> {
  if (actor.dataScope === 'company') return { kind: 'company' };
  if (actor.dataScope === 'own' || !actor.departmentId) return { kind: 'own', staffId: actor.staffId };
  const departments = await data.reads.departmentAndDescendants(actor.departmentId);
  const applicationIds = await data.reads.applicationsOfDepartments(departments);
  // Every order belongs to an application: a department bound to all of them sees the whole
  // company, and the unscoped queries (status counters, no OR) answer it exactly.
  if (applicationIds.length && applicationIds.length >= (await data.reads.applicationCount())) return { kind: 'company' };
  return { kind: 'department', staffId: actor.staffId, applicationIds };
}
