/**
 * Ids a request refers to (filters, targets) must name rows of the acting company: one of
 * another company is "not found", exactly like a missing one (docs/design.md, tenancy).
 */
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';

/** Tenant tables a request may point at, by the name of the reference. */
const TABLES = { application: 'applications', category: 'categories', staff: 'staff', department: 'departments', template: 'templates' } as const;
export type References = Partial<Record<keyof typeof TABLES, number | null | undefined>>;

/** Throws 404 unless every given id is a row of `companyId` (of any status). */
export async function requireOwned(db: Db, companyId: number, refs: References): Promise<void> {
  for (const [kind, id] of Object.entries(refs) as [keyof typeof TABLES, number | null | undefined][]) {
    if (id === undefined || id === null) continue;
    const row = await db.selectFrom(TABLES[kind]).select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.notFound();
  }
}
