/**
 * Option sources filled into a form (docs/design.md section 16, "Option sources"): what the
 * requester's form, staff forms, order reads and every validation see, so that the browser
 * shows and the server accepts the same choices. One query per source the form uses; none
 * when it uses none.
 */
import { usedSources, withSourceOptions, type CompanyId, type FieldOption, type FormTemplate, type SourceOptions } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { nest } from '../access/menu-tree.ts';
import { forCompany } from '../tenancy/for-company.ts';

type Node = { id: number; pid: number; value: number; label: string; children?: Node[] };

const toOptions = (nodes: Node[]): FieldOption[] =>
  nodes.map((n) => ({ value: n.value, label: n.label, ...(n.children?.length ? { children: toOptions(n.children) } : {}) }));

/** `template` with the choices of company `companyId` in every field that names a source. */
export async function withCompanySources(db: Db, companyId: CompanyId, template: FormTemplate): Promise<FormTemplate> {
  const used = usedSources(template);
  if (!used.size) return template;
  const { sources } = forCompany(db, companyId);
  const data: SourceOptions = {};
  for (const s of used) {
    const rows = await sources.sourceRows(s);
    data[s] = toOptions(nest(rows.map((r): Node => ({ id: r.id, pid: r.pid, value: r.id, label: r.name }))));
  }
  return withSourceOptions(template, data);
}
