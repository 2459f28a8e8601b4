/**
 * SQL of a company's own (private) templates and their versions (docs/design.md,
 * "Templates"). Deleted templates (`deleted_at`) are invisible here except to the version
 * reads of orders, which live in the work-order repository. Reached through
 * `forCompany(…).templates`.
 */
import type { CategoryId, CompanyId, TemplateId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** Filters of the private-template list. */
export interface TemplateFilters {
  keyword?: string;
  status?: number;
  category_id?: CategoryId;
  pageNo: number;
  pageSize: number;
}

/** What an add or an edit writes (an edit only some of it). */
export interface TemplateValues {
  name: string;
  description: string;
  category_id: CategoryId | null;
  schema: string;
  needs_review: number;
  is_automatic: number;
  status: number;
  sort: number;
  source_id: number | null;
}

function selectItems(db: Db, companyId: CompanyId) {
  return db
    .selectFrom('templates as t')
    .leftJoin('categories as c', 'c.id', 't.category_id')
    .select((eb) => [
      't.id',
      't.name',
      't.description',
      't.category_id',
      'c.name as category_name',
      't.version',
      't.needs_review',
      't.is_automatic',
      't.status',
      't.sort',
      't.source_id',
      't.created_at',
      't.updated_at',
      eb
        .selectFrom('applications as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.template_id', '=', 't.id')
        .where('a.company_id', '=', companyId)
        .as('used_by'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null);
}
export type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

/** A page of templates (sort, then newest first) and the total matching. */
async function list(db: Db, companyId: CompanyId, f: TemplateFilters) {
  let q = selectItems(db, companyId);
  if (f.keyword) q = q.where(contains('t.name', f.keyword));
  if (f.status !== undefined) q = q.where('t.status', '=', f.status);
  if (f.category_id) q = q.where('t.category_id', '=', f.category_id);
  const rows = await q
    .orderBy('t.sort')
    .orderBy('t.id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

function find(db: Db, companyId: CompanyId, id: TemplateId) {
  return selectItems(db, companyId).where('t.id', '=', id).executeTakeFirst();
}

/** The current form of a template (text as stored). */
async function currentSchema(db: Db, companyId: CompanyId, id: TemplateId): Promise<string | undefined> {
  const r = await db.selectFrom('templates').select('schema').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return r?.schema;
}

/** Every version of a template, newest first. */
function versions(db: Db, companyId: CompanyId, id: TemplateId) {
  return db
    .selectFrom('template_versions')
    .select(['version', 'created_at'])
    .where('company_id', '=', companyId)
    .where('template_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
}

async function versionSchema(db: Db, companyId: CompanyId, id: TemplateId, version: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('template_versions')
    .select('schema')
    .where('company_id', '=', companyId)
    .where('template_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return r?.schema;
}

/** Whether another live template of the company (not `exceptId`) has `name`. */
async function nameTaken(db: Db, companyId: CompanyId, name: string, exceptId?: TemplateId): Promise<boolean> {
  let q = db.selectFrom('templates').select('id').where('company_id', '=', companyId).where('name', '=', name).where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Inserts a template with its first version. */
async function insert(db: Db, companyId: CompanyId, v: TemplateValues, at: string): Promise<TemplateId> {
  const row = await db
    .insertInto('templates')
    .values({ company_id: companyId, ...v, version: 1, is_private: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('template_versions').values({ company_id: companyId, template_id: row.id, version: 1, schema: v.schema, created_at: at }).execute();
  return row.id;
}

/**
 * Changes a template. With `version`, `schema` is stored as that new version (a unique key
 * on (template, version) refuses a second save racing for the same number).
 */
async function update(db: Db, companyId: CompanyId, id: TemplateId, v: Partial<TemplateValues>, at: string, version?: number): Promise<void> {
  if (version !== undefined && v.schema !== undefined) {
    await db.insertInto('template_versions').values({ company_id: companyId, template_id: id, version, schema: v.schema, created_at: at }).execute();
  }
  await db
    .updateTable('templates')
    .set({ ...v, ...(version !== undefined ? { version } : {}), updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Applications using the template: what blocks its deletion. */
async function applicationCount(db: Db, companyId: CompanyId, id: TemplateId): Promise<number> {
  const r = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('template_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks a template deleted; its versions stay for the orders made with them. */
async function markDeleted(db: Db, companyId: CompanyId, id: TemplateId, at: string): Promise<void> {
  await db.updateTable('templates').set({ deleted_at: at, status: 0, updated_at: at }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The template functions bound to one company (reached through `forCompany`). */
export const templateRepo = companyRepo({ list, find, currentSchema, versions, versionSchema, nameTaken, insert, update, applicationCount, markDeleted });
