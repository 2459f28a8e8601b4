/**
 * Copying a common template into a company (docs/design.md, "Templates"): the library's
 * current form and settings become the company's own private template (version 1, its
 * `source_id` naming the original). Used by `template/add {copy_of}` and by
 * `Application/template_add` with a common template.
 */
import type { TemplateId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { message } from '../../http/messages.ts';
import { now } from '../../lib/time.ts';
import type { CompanyData } from '../tenancy/for-company.ts';
import { findLibrary, librarySchema } from './library-repo.ts';
import type { TemplateValues } from './repo.ts';

const MAX_NAME = 64;

/** `name`, or the first of "name (copy)", "name (copy) 2", … that the company does not use yet. */
async function freeName(data: CompanyData, actor: Actor, name: string): Promise<string> {
  if (!(await data.templates.nameTaken(name))) return name;
  const copy = message(actor.lang, 'templateCopyName', { name: name.slice(0, MAX_NAME - 8) });
  for (let n = 1; n <= 100; n++) {
    const candidate = n === 1 ? copy : `${copy} ${n}`;
    if (!(await data.templates.nameTaken(candidate))) return candidate;
  }
  throw errors.field(actor.lang, 'name', 'templateNameTaken');
}

/**
 * Copies enabled common template `commonId` into the acting company; `overrides` (already
 * checked values) replace the copy's. A name the company already uses gets a "(copy)"
 * suffix unless it was sent explicitly (then 400 on `name`). Errors: 404 for a missing or
 * disabled common template. Runs in the caller's transaction (`trx`).
 */
export async function copyFromLibrary(
  data: CompanyData,
  trx: Db,
  actor: Actor,
  commonId: number,
  overrides: Partial<TemplateValues> = {},
): Promise<TemplateId> {
  const common = await findLibrary(trx, commonId);
  const schema = common && common.status === 1 ? await librarySchema(trx, commonId) : undefined;
  if (!common || schema === undefined) throw errors.notFound();
  if (overrides.name !== undefined && (await data.templates.nameTaken(overrides.name))) throw errors.field(actor.lang, 'name', 'templateNameTaken');
  const name = overrides.name ?? (await freeName(data, actor, common.name));
  return data.templates.insert(
    {
      description: common.description,
      category_id: null,
      schema,
      needs_review: common.needs_review,
      is_automatic: common.is_automatic,
      status: 1,
      sort: common.sort,
      ...overrides,
      name,
      source_id: common.id,
    },
    now(),
  );
}
