/**
 * SQL of the platform's common template library (docs/design.md, "Templates"): global
 * rows, no company, with their versions.
 */
import type { Db } from '../../db/types.ts';
import { contains } from '../../lib/like.ts';
import type { TemplateFilters, TemplateValues } from './repo.ts';

export type LibraryValues = Omit<TemplateValues, 'category_id' | 'source_id'>;

function selectItems(db: Db) {
  return db
    .selectFrom('common_templates')
    .select(['id', 'name', 'description', 'version', 'needs_review', 'is_automatic', 'status', 'sort', 'created_at', 'updated_at']);
}
export type LibraryRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

/** A page of the library (sort, then newest first); `enabledOnly` for companies. */
export async function listLibrary(db: Db, f: Omit<TemplateFilters, 'category_id'>, enabledOnly: boolean) {
  let q = selectItems(db);
  if (f.keyword) q = q.where(contains('name', f.keyword));
  if (enabledOnly) q = q.where('status', '=', 1);
  else if (f.status !== undefined) q = q.where('status', '=', f.status);
  const rows = await q
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Every enabled common template (the application form's choices). */
export function enabledLibrary(db: Db) {
  return selectItems(db).where('status', '=', 1).orderBy('sort').orderBy('id', 'desc').execute();
}

export function findLibrary(db: Db, id: number) {
  return selectItems(db).where('id', '=', id).executeTakeFirst();
}

export async function librarySchema(db: Db, id: number, version?: number): Promise<string | undefined> {
  if (version === undefined) return (await db.selectFrom('common_templates').select('schema').where('id', '=', id).executeTakeFirst())?.schema;
  const r = await db.selectFrom('common_template_versions').select('schema').where('template_id', '=', id).where('version', '=', version).executeTakeFirst();
  return r?.schema;
}

export function libraryVersions(db: Db, id: number) {
  return db.selectFrom('common_template_versions').select(['version', 'created_at']).where('template_id', '=', id).orderBy('version', 'desc').execute();
}

export async function libraryNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('common_templates').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertLibrary(db: Db, v: LibraryValues, at: string): Promise<number> {
  const row = await db
    .insertInto('common_templates')
    .values({ ...v, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('common_template_versions').values({ template_id: row.id, version: 1, schema: v.schema, created_at: at }).execute();
  return row.id;
}

/** Changes a common template; with `version`, `schema` is stored as that new version. */
export async function updateLibrary(db: Db, id: number, v: Partial<LibraryValues>, at: string, version?: number): Promise<void> {
  if (version !== undefined && v.schema !== undefined) {
    await db.insertInto('common_template_versions').values({ template_id: id, version, schema: v.schema, created_at: at }).execute();
  }
  await db
    .updateTable('common_templates')
    .set({ ...v, ...(version !== undefined ? { version } : {}), updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes a common template and its versions (companies' copies are their own rows). */
export async function deleteLibrary(db: Db, id: number): Promise<void> {
  await db.deleteFrom('common_template_versions').where('template_id', '=', id).execute();
  await db.deleteFrom('common_templates').where('id', '=', id).execute();
}
