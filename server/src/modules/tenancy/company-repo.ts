/**
 * Tenancy by construction (docs/design.md, "Tenancy"): a repository's tenant functions
 * take `(db, companyId, …)` and are not exported one by one; the module exports them bound
 * to a company with `companyRepo`, and services reach them through `forCompany(trx,
 * companyId)`. A tenant query therefore cannot be made without naming the company.
 */
import type { CompanyId } from '@swo/contract';
import type { Db } from '../../db/types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameter list may follow (db, companyId)
type TenantFn = (db: Db, companyId: CompanyId, ...args: any[]) => unknown;

/** The functions of `F` with `(db, companyId)` already supplied. */
export type Bound<F> = { [K in keyof F]: F[K] extends (db: Db, companyId: CompanyId, ...args: infer A) => infer R ? (...args: A) => R : never };

/** Makes `(db, companyId) => functions bound to that company` from a repository's tenant functions. */
export function companyRepo<F extends Record<string, TenantFn>>(fns: F): (db: Db, companyId: CompanyId) => Bound<F> {
  return (db, companyId) => {
    const out: Record<string, unknown> = {};
    for (const [name, fn] of Object.entries(fns)) out[name] = (...args: unknown[]) => fn(db, companyId, ...args);
    return out as Bound<F>;
  };
}
