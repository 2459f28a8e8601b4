/**
 * SQL of the option sources (docs/design.md section 16, "Option sources"): the company's
 * enabled departments, positions or categories as `{id, pid, name}` in display order
 * (sort, then id). Bound with `companyRepo`, reached through `forCompany(…).sources`.
 */
import type { CompanyId, OptionSource } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

export interface SourceRow {
  id: number;
  pid: number;
  name: string;
}

async function sourceRows(db: Db, companyId: CompanyId, source: OptionSource): Promise<SourceRow[]> {
  if (source === 'positions') {
    const rows = await db
      .selectFrom('positions')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), pid: 0, name: r.name }));
  }
  const rows = await db
    .selectFrom(source)
    .select(['id', 'parent_id', 'name'])
    .where('company_id', '=', companyId)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), pid: Number(r.parent_id), name: r.name }));
}

/** The source functions bound to one company (reached through `forCompany`). */
export const sourceRepo = companyRepo({ sourceRows });
