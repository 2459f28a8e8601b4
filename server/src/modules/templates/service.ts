/**
 * Templates (docs/design.md, "Templates"): a company's private templates and the
 * platform's common library, one set of rules for both kinds.
 * - A form is k-form-design JSON; its value-carrying fields need distinct model ids (400 on
 *   `schema`). Saving a form that differs from the current one stores a new version;
 *   orders keep the version they were made with.
 * - Names are unique per company (private) or in the library (400 on `name`).
 * - A company sees enabled common templates only; another company's template, a deleted
 *   one or a missing one is 404.
 * - Deleting a private template in use by an application is 409 naming the count; a
 *   deleted template stays for its orders. A common template is deleted outright (copies
 *   are the companies' own).
 * Each change is one transaction with its one operation-log row (the company's for
 * private templates, the platform's for the library).
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { pageOf, templateFields, type formSchema, type FormTemplate, type Paged, type TemplateDetail, type TemplateId, type TemplateItem } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { num } from '../../db/values.ts';
import type { Actor, PlatformActor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Lang } from '../../http/messages.ts';
import { now } from '../../lib/time.ts';
import { changeIn, type AdminAction } from '../operation-log/repo.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import * as library from './library-repo.ts';
import { copyFromLibrary } from './copy.ts';
import type { TemplateFilters, TemplateRow, TemplateValues } from './repo.ts';

/** What add and edit accept (an edit only some of it). */
export interface TemplateInput {
  name?: string;
  description?: string;
  category_id?: TemplateValues['category_id'];
  schema?: z.output<typeof formSchema>;
  needs_review?: boolean;
  is_automatic?: boolean;
  sort?: number;
  status?: number;
}

const EMPTY_FORM: FormTemplate = { list: [], config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 }, hideRequiredMark: false } };

export const presentPrivate = (r: TemplateRow): TemplateItem => ({
  ...r,
  is_private: 1,
  category_name: r.category_name ?? null,
  needs_review: r.needs_review === 1,
  is_automatic: r.is_automatic === 1,
  used_by: num(r.used_by),
});

const presentLibrary = (r: library.LibraryRow): TemplateItem => ({
  ...r,
  is_private: 0,
  category_id: null,
  category_name: null,
  needs_review: r.needs_review === 1,
  is_automatic: r.is_automatic === 1,
  source_id: null,
  used_by: 0,
});

/** The form as stored: JSON text; 400 on `schema` when two value fields share a model id. */
export function formText(lang: Lang, form: z.output<typeof formSchema> | FormTemplate): string {
  const seen = new Set<string>();
  for (const f of templateFields(form as FormTemplate)) {
    if (!f.model) continue;
    if (seen.has(f.model)) throw errors.field(lang, 'schema', 'formDuplicateModel', { model: f.model });
    seen.add(f.model);
  }
  return JSON.stringify(form);
}

const parse = (text: string): unknown => JSON.parse(text) as unknown;
const flagOf = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/** The fields of `v` that were sent, as stored values. */
function patchOf(lang: Lang, v: TemplateInput): Partial<TemplateValues> {
  const out: Partial<TemplateValues> = {};
  if (v.name !== undefined) out.name = v.name;
  if (v.description !== undefined) out.description = v.description;
  if (v.category_id !== undefined) out.category_id = v.category_id;
  if (v.schema !== undefined) out.schema = formText(lang, v.schema);
  if (v.needs_review !== undefined) out.needs_review = flagOf(v.needs_review);
  if (v.is_automatic !== undefined) out.is_automatic = flagOf(v.is_automatic);
  if (v.sort !== undefined) out.sort = v.sort;
  if (v.status !== undefined) out.status = v.status;
  return out;
}

export function createTemplateService(db: Kysely<DB>) {
  const inTx = <T>(actor: Actor, fn: (data: CompanyData, trx: Db) => Promise<T>) =>
    db.transaction().execute((trx) => fn(forCompany(trx, actor.companyId), trx));

  async function loadPrivate(data: CompanyData, id: TemplateId): Promise<TemplateItem> {
    const row = await data.templates.find(id);
    if (!row) throw errors.notFound();
    return presentPrivate(row);
  }
  async function loadLibrary(q: Db, id: number, enabledOnly = false): Promise<TemplateItem> {
    const row = await library.findLibrary(q, id);
    if (!row || (enabledOnly && row.status !== 1)) throw errors.notFound();
    return presentLibrary(row);
  }
  const logPrivate = (
    data: CompanyData,
    actor: Actor,
    action: AdminAction,
    id: number,
    before: TemplateItem | null,
    after: TemplateItem | null,
    extra?: Record<string, unknown>,
  ) => data.log.change(actor, { module: 'template', action, id, before, after, extra });
  const logLibrary = (q: Db, actor: PlatformActor, action: AdminAction, id: number, before: TemplateItem | null, after: TemplateItem | null) =>
    changeIn(q, null, actor, { module: 'library', action, id, before, after });

  /** The next version when `patch.schema` differs from the stored form, else none (and no schema written). */
  function nextVersion(patch: Partial<TemplateValues>, stored: string | undefined, current: number): number | undefined {
    if (patch.schema === undefined) return undefined;
    if (patch.schema === stored) {
      delete patch.schema;
      return undefined;
    }
    return current + 1;
  }

  return {
    /** The company's templates, filtered by keyword, status and category. */
    async listPrivate(actor: Actor, f: TemplateFilters): Promise<Paged<TemplateItem>> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ category: f.category_id });
      const { rows, total } = await data.templates.list(f);
      return pageOf(rows.map(presentPrivate), total, f);
    },

    /** The library: all of it for platform administrators, the enabled templates for everybody else. */
    async listLibrary(isPlatformAdmin: boolean, f: TemplateFilters): Promise<Paged<TemplateItem>> {
      const { rows, total } = await library.listLibrary(db, f, !isPlatformAdmin);
      return pageOf(rows.map(presentLibrary), total, f);
    },

    /** The enabled common templates, for the application form. */
    async enabledLibrary(): Promise<TemplateItem[]> {
      return (await library.enabledLibrary(db)).map(presentLibrary);
    },

    /**
     * Adds a private template, or copies common template `copyOf` into the company (the
     * sent fields override the copy's). Errors: 404 (category, common template), 400 on
     * `name` or `schema`.
     */
    async addPrivate(actor: Actor, v: TemplateInput & { name?: string; copy_of?: number }): Promise<{ id: TemplateId }> {
      return inTx(actor, async (data, trx) => {
        await data.references.requireOwned({ category: v.category_id });
        if (v.copy_of !== undefined) {
          const id = await copyFromLibrary(data, trx, actor, v.copy_of, patchOf(actor.lang, v));
          await logPrivate(data, actor, 'add', id, null, await loadPrivate(data, id), { copy_of: v.copy_of });
          return { id };
        }
        if (!v.name) throw errors.field(actor.lang, 'name', 'fieldRequired');
        if (await data.templates.nameTaken(v.name)) throw errors.field(actor.lang, 'name', 'templateNameTaken');
        const id = await data.templates.insert(
          {
            name: v.name,
            description: v.description ?? '',
            category_id: v.category_id ?? null,
            schema: formText(actor.lang, v.schema ?? EMPTY_FORM),
            needs_review: v.needs_review ? 1 : 0,
            is_automatic: v.is_automatic ? 1 : 0,
            status: v.status ?? 1,
            sort: v.sort ?? 0,
            source_id: null,
          },
          now(),
        );
        await logPrivate(data, actor, 'add', id, null, await loadPrivate(data, id));
        return { id };
      });
    },

    /** Adds a common template. Errors: 400 on `name` or `schema`. */
    async addLibrary(actor: PlatformActor, v: TemplateInput): Promise<{ id: number }> {
      return db.transaction().execute(async (trx) => {
        if (!v.name) throw errors.field(actor.lang, 'name', 'fieldRequired');
        if (await library.libraryNameTaken(trx, v.name)) throw errors.field(actor.lang, 'name', 'templateNameTaken');
        const id = await library.insertLibrary(
          trx,
          {
            name: v.name,
            description: v.description ?? '',
            schema: formText(actor.lang, v.schema ?? EMPTY_FORM),
            needs_review: v.needs_review ? 1 : 0,
            is_automatic: v.is_automatic ? 1 : 0,
            status: v.status ?? 1,
            sort: v.sort ?? 0,
          },
          now(),
        );
        await logLibrary(trx, actor, 'add', id, null, await loadLibrary(trx, id));
        return { id };
      });
    },

    /** Changes a private template; a different form becomes a new version. Errors: 404, 400 on `name`/`schema`. */
    async editPrivate(actor: Actor, id: TemplateId, v: TemplateInput): Promise<TemplateItem> {
      return inTx(actor, async (data) => {
        const before = await loadPrivate(data, id);
        await data.references.requireOwned({ category: v.category_id });
        if (v.name !== undefined && (await data.templates.nameTaken(v.name, id))) throw errors.field(actor.lang, 'name', 'templateNameTaken');
        const patch = patchOf(actor.lang, { ...v, status: undefined });
        const version = nextVersion(patch, await data.templates.currentSchema(id), before.version);
        await data.templates.update(id, patch, now(), version);
        const after = await loadPrivate(data, id);
        await logPrivate(data, actor, 'edit', id, before, after, version ? { version } : undefined);
        return after;
      });
    },

    /** Changes a common template; a different form becomes a new version. Errors: 404, 400. */
    async editLibrary(actor: PlatformActor, id: number, v: TemplateInput): Promise<TemplateItem> {
      return db.transaction().execute(async (trx) => {
        const before = await loadLibrary(trx, id);
        if (v.name !== undefined && (await library.libraryNameTaken(trx, v.name, id))) throw errors.field(actor.lang, 'name', 'templateNameTaken');
        const { category_id: _c, source_id: _s, ...patch } = patchOf(actor.lang, { ...v, status: undefined });
        const version = nextVersion(patch, await library.librarySchema(trx, id), before.version);
        await library.updateLibrary(trx, id, patch, now(), version);
        const after = await loadLibrary(trx, id);
        await logLibrary(trx, actor, 'edit', id, before, after);
        return after;
      });
    },

    /** One private template with the form of `version` (default: current) and the version list. Errors: 404. */
    async detailPrivate(actor: Actor, id: TemplateId, version?: number): Promise<TemplateDetail> {
      const data = forCompany(db, actor.companyId);
      const item = await loadPrivate(data, id);
      const schema = version === undefined ? await data.templates.currentSchema(id) : await data.templates.versionSchema(id, version);
      if (schema === undefined) throw errors.notFound('templateVersionNotFound');
      return { ...item, schema: parse(schema), shown_version: version ?? item.version, versions: await data.templates.versions(id) };
    },

    /** One common template (enabled ones only, unless a platform administrator asks). Errors: 404. */
    async detailLibrary(isPlatformAdmin: boolean, id: number, version?: number): Promise<TemplateDetail> {
      const item = await loadLibrary(db, id, !isPlatformAdmin);
      const schema = await library.librarySchema(db, id, version);
      if (schema === undefined) throw errors.notFound('templateVersionNotFound');
      return { ...item, schema: parse(schema), shown_version: version ?? item.version, versions: await library.libraryVersions(db, id) };
    },

    async setStatusPrivate(actor: Actor, id: TemplateId, status: number): Promise<TemplateItem> {
      return inTx(actor, async (data) => {
        const before = await loadPrivate(data, id);
        await data.templates.update(id, { status }, now());
        const after = await loadPrivate(data, id);
        await logPrivate(data, actor, status === 1 ? 'enable' : 'disable', id, before, after);
        return after;
      });
    },

    async setStatusLibrary(actor: PlatformActor, id: number, status: number): Promise<TemplateItem> {
      return db.transaction().execute(async (trx) => {
        const before = await loadLibrary(trx, id);
        await library.updateLibrary(trx, id, { status }, now());
        const after = await loadLibrary(trx, id);
        await logLibrary(trx, actor, status === 1 ? 'enable' : 'disable', id, before, after);
        return after;
      });
    },

    /** Deletes a private template (kept for its orders). Errors: 404; 409 while applications use it. */
    async removePrivate(actor: Actor, id: TemplateId): Promise<void> {
      await inTx(actor, async (data) => {
        const before = await loadPrivate(data, id);
        const used = await data.templates.applicationCount(id);
        if (used > 0) throw errors.conflict('templateInUse', { count: used });
        await data.templates.markDeleted(id, now());
        await logPrivate(data, actor, 'delete', id, before, null);
      });
    },

    async removeLibrary(actor: PlatformActor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await loadLibrary(trx, id);
        await library.deleteLibrary(trx, id);
        await logLibrary(trx, actor, 'delete', id, before, null);
      });
    },

    /**
     * `isAutomatic`: whether new orders of the template are dispatched automatically; with
     * `value`, sets it first (one log row when it changes). Errors: 404.
     */
    async automatic(actor: Actor, id: TemplateId, value?: boolean): Promise<{ id: number; is_automatic: boolean }> {
      if (value === undefined) {
        const t = await loadPrivate(forCompany(db, actor.companyId), id);
        return { id: t.id, is_automatic: t.is_automatic };
      }
      return inTx(actor, async (data) => {
        const before = await loadPrivate(data, id);
        if (before.is_automatic !== value) {
          await data.templates.update(id, { is_automatic: value ? 1 : 0 }, now());
          await logPrivate(data, actor, 'edit', id, before, await loadPrivate(data, id));
        }
        return { id, is_automatic: value };
      });
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
