/**
 * Applications (docs/design.md, "Applications"): the company's service channels, each a
 * public form link `/input?app=KEY` over a template. Rules: the key is 128 random bits,
 * made at `add` and replaced by `update {reset_key}` (the old link is then "not found",
 * like a disabled application's); template and category must be the company's (404);
 * names are unique per company (400); an application with orders is not deleted (409
 * naming the count); a status change also needs the enable or disable action. Each change
 * is one transaction with its operation-log row (the key itself never logged).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  can,
  type ApplicationDetail,
  type ApplicationId,
  type ApplicationItem,
  type CategoryId,
  type Paged,
  type StaffId,
  type TemplateId,
  pageOf,
} from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { num } from '../../db/values.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { copyFromLibrary } from '../templates/copy.ts';
import { presentPrivate } from '../templates/service.ts';
import type { ApplicationFilters, ApplicationRow, ApplicationValues } from './repo.ts';

/** A new public key: 128 random bits, URL-safe. */
export const newAppKey = (): string => randomBytes(16).toString('base64url');

export interface ApplicationInput {
  name?: string;
  description?: string;
  template_id?: TemplateId;
  category_id?: CategoryId | null;
  status?: number;
  reset_key?: boolean;
}

const present = (r: ApplicationRow): ApplicationItem => ({
  ...r,
  category_name: r.category_name ?? null,
  is_automatic: r.is_automatic === 1,
  bound_count: num(r.bound_count),
});

/** 404 for a missing, deleted or another company's template; 400 on `template_id` for a disabled one. */
async function requireUsableTemplate(data: CompanyData, actor: Actor, id: TemplateId): Promise<void> {
  const t = await data.templates.find(id);
  if (!t) throw errors.notFound();
  if (t.status !== 1) throw errors.field(actor.lang, 'template_id', 'templateDisabled');
}

export function createApplicationService(db: Kysely<DB>) {
  async function load(data: CompanyData, id: ApplicationId): Promise<ApplicationItem> {
    const row = await data.applications.findApplication(id);
    if (!row) throw errors.notFound();
    return present(row);
  }

  const write = (
    data: CompanyData,
    actor: Actor,
    action: 'add' | 'edit' | 'delete' | 'enable' | 'disable' | 'reset_key',
    id: ApplicationId,
    before: ApplicationItem | null,
    after: ApplicationItem | null,
  ) => data.log.change(actor, { module: 'application', action, id, before, after });

  return {
    /** Applications the acting staff member is bound to (`staffApplication`). */
    async boundTo(actor: Actor) {
      return forCompany(db, actor.companyId).applications.listBoundApplications(actor.staffId);
    },

    async list(actor: Actor, f: ApplicationFilters): Promise<Paged<ApplicationItem>> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ category: f.category_id });
      const { rows, total } = await data.applications.listApplications(f);
      return pageOf(rows.map(present), total, f);
    },

    async detail(actor: Actor, id: ApplicationId): Promise<ApplicationDetail> {
      const data = forCompany(db, actor.companyId);
      const item = await load(data, id);
      return { ...item, staff_ids: await data.applications.boundStaffIds(id) };
    },

    async add(
      actor: Actor,
      v: Required<Omit<ApplicationInput, 'reset_key' | 'category_id'>> & { category_id?: CategoryId | null },
    ): Promise<{ id: ApplicationId }> {
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        await data.references.requireOwned({ category: v.category_id });
        await requireUsableTemplate(data, actor, v.template_id);
        if (await data.applications.applicationNameTaken(v.name)) throw errors.field(actor.lang, 'name', 'applicationNameTaken');
        const id = await data.applications.insertApplication(
          { name: v.name, description: v.description, template_id: v.template_id, category_id: v.category_id ?? null, status: v.status, app_key: newAppKey() },
          now(),
        );
        await write(data, actor, 'add', id, null, await load(data, id));
        return { id };
      });
    },

    async update(actor: Actor, id: ApplicationId, v: ApplicationInput): Promise<ApplicationItem> {
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const before = await load(data, id);
        await data.references.requireOwned({ category: v.category_id });
        if (v.template_id !== undefined && v.template_id !== before.template_id) await requireUsableTemplate(data, actor, v.template_id);
        const statusChange = v.status !== undefined && v.status !== before.status ? (v.status === 1 ? 'enable' : 'disable') : null;
        if (statusChange && !actor.isAdmin && !can(actor.permissions, `application.${statusChange}`)) throw errors.forbidden();
        if (v.name !== undefined && (await data.applications.applicationNameTaken(v.name, id))) throw errors.field(actor.lang, 'name', 'applicationNameTaken');
        const patch: Partial<ApplicationValues> = {};
        if (v.name !== undefined) patch.name = v.name;
        if (v.description !== undefined) patch.description = v.description;
        if (v.template_id !== undefined) patch.template_id = v.template_id;
        if (v.category_id !== undefined) patch.category_id = v.category_id;
        if (v.status !== undefined) patch.status = v.status;
        if (v.reset_key) patch.app_key = newAppKey();
        await data.applications.updateApplication(id, patch);
        const after = await load(data, id);
        const only = Object.keys(patch);
        // One log row whose action says what happened: a key rotation or a status change alone get their own name.
        const action = only.length === 1 && v.reset_key ? 'reset_key' : only.length === 1 && statusChange ? statusChange : 'edit';
        await write(data, actor, action, id, before, after);
        return after;
      });
    },

    /**
     * Binds a template to the application (`template_add`): a private one of the company
     * (404 unless it is; 400 when disabled), or with `common` a library template, first
     * copied into the company (404 unless enabled). One log row for the copy, one for the
     * application.
     */
    async bindTemplate(actor: Actor, id: ApplicationId, templateId: number, common: boolean): Promise<ApplicationItem> {
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const before = await load(data, id);
        let bound = templateId as TemplateId;
        if (common) {
          bound = await copyFromLibrary(data, trx, actor, templateId);
          const copy = await data.templates.find(bound);
          await data.log.change(actor, {
            module: 'template',
            action: 'add',
            id: bound,
            before: null,
            after: copy ? presentPrivate(copy) : null,
            extra: { copy_of: templateId },
          });
        } else {
          await requireUsableTemplate(data, actor, bound);
        }
        await data.applications.updateApplication(id, { template_id: bound });
        const after = await load(data, id);
        await write(data, actor, 'edit', id, before, after);
        return after;
      });
    },

    /** Staff bound to the application (`user_list`): 404 for another company's application. */
    async boundStaff(actor: Actor, id: ApplicationId) {
      const data = forCompany(db, actor.companyId);
      await load(data, id);
      return data.applications.boundStaff(id);
    },

    /**
     * Replaces the application's bound staff (`application_binding_user`): 404 when the
     * application or any member is another company's (one query); 400 on `staff_ids` when
     * a member is not active. One log row (`bind`) with the ids before and after.
     */
    async bindStaff(actor: Actor, id: ApplicationId, staffIds: StaffId[]) {
      const unique = [...new Set(staffIds)].sort((x, y) => x - y);
      return db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        await load(data, id);
        await data.references.requireOwned({ staff: unique });
        if ((await data.applications.activeStaffCount(unique)) !== unique.length) throw errors.field(actor.lang, 'staff_ids', 'staffNotActive');
        const before = await data.applications.boundStaffIds(id);
        await data.applications.setBoundStaff(id, unique);
        await data.log.change(actor, { module: 'application', action: 'bind', id, before: { staff_ids: before }, after: { staff_ids: unique } });
        return data.applications.boundStaff(id);
      });
    },

    async remove(actor: Actor, id: ApplicationId): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const data = forCompany(trx, actor.companyId);
        const before = await load(data, id);
        const orders = await data.applications.orderCount(id);
        if (orders > 0) throw errors.conflict('applicationHasOrders', { count: orders });
        await data.applications.deleteApplication(id);
        await write(data, actor, 'delete', id, before, null);
      });
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
