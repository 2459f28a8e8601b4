/**
 * Creating an order from an application, for every entry point: the public form
 * (`createWorkNew`), staff on behalf of a requester (`Work/add`) and Excel import. The
 * order starts `unassigned`, or `processing` when the template is automatic and a bound
 * handler is free (docs/design.md, "Work-order state machine": create).
 */
import {
  nextStatus,
  orderTitle,
  uploadKeysOf,
  validateFormData,
  type CompanyId,
  type FormField,
  type FormTemplate,
  type RequesterId,
  type StaffId,
  type WorkOrderId,
} from '@swo/contract';
import { formFieldMessage } from '../../http/field-messages.ts';
import type { Lang, MessageKey } from '../../http/messages.ts';
import type { UploadRow } from '../uploads/repo.ts';
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { now } from '../../lib/time.ts';
import type { ActiveApplication } from '../applications/repo.ts';
import { notifyChange } from '../notifications/service.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { withCompanySources } from '../templates/sources.ts';
import { parsedTemplate } from '../templates/parsed.ts';
import { recordDispatch } from './dispatch.ts';
import type { TakenOrderIds } from './repo.ts';
import type { ActingParty } from './transition.ts';

/** The application's current template (shared, frozen: templates/parsed.ts); 404 `templateGone` when it is disabled. */
export function templateOf(app: ActiveApplication): FormTemplate {
  if (app.template_status !== 1) throw errors.notFound('templateGone');
  return parsedTemplate(app.template_schema);
}

/**
 * The template's cleaned values of `data`, or 400 with messages keyed by field model. Fields
 * with an option source are checked against company `companyId`'s current choices.
 */
export async function validFormData(db: Db, companyId: CompanyId, schema: FormTemplate, data: unknown, lang: Lang): Promise<Record<string, unknown>> {
  const check = validateFormData(await withCompanySources(db, companyId, schema), data, { sanitizeHtml: sanitizeRichText });
  if (!check.ok) throw errors.validation(Object.fromEntries(Object.entries(check.errors).map(([k, es]) => [k, es.map((e) => formFieldMessage(lang, e))])));
  return check.value;
}

/**
 * Attaches the uploads `value` refers to (batch rows included) to order `orderId`, in
 * `trx`. Errors: 400 on the field whose upload is not the company's, is already on another
 * order, or breaks the field's own limits (docs/design.md, "Uploads").
 */
export async function attachFormUploads(trx: Db, companyId: CompanyId, orderId: WorkOrderId, schema: FormTemplate, value: Record<string, unknown>, lang: Lang) {
  const { uploads } = forCompany(trx, companyId);
  for (const { model, field, keys } of uploadKeysOf(schema, value)) {
    const unique = [...new Set(keys)];
    const found = await uploads.findUploads(unique);
    if (found.length !== unique.length) throw errors.field(lang, model, 'uploadUnknown');
    for (const u of found) {
      const refused = refusedByField(field, u);
      if (refused) throw errors.field(lang, model, refused.key, refused.params);
    }
    if ((await uploads.attachUploads(unique, orderId)) !== unique.length) throw errors.field(lang, model, 'uploadUnknown');
  }
}

/**
 * Why the field's own limits refuse an upload, if they do: an image field takes images
 * only; `maxSize` (MB) and `accept` (".pdf,image/*") are the designer's upload limits.
 */
function refusedByField(field: FormField, u: Pick<UploadRow, 'kind' | 'size' | 'name' | 'mime'>): { key: MessageKey; params?: Record<string, number> } | null {
  const o = field.options ?? {};
  if (field.type === 'uploadImg' && u.kind !== 'image') return { key: 'uploadNotImage' };
  if (typeof o.maxSize === 'number' && o.maxSize > 0 && u.size > o.maxSize * 1024 * 1024) return { key: 'uploadTooLarge', params: { max: o.maxSize } };
  if (field.type === 'uploadFile' && typeof o.accept === 'string' && o.accept.trim() && !accepts(o.accept, u.name, u.mime)) return { key: 'uploadTypeRefused' };
  return null;
}

/** Whether an `accept` list (extensions, MIME types, `type/*`) admits a file. */
export function accepts(accept: string, name: string, mime: string): boolean {
  const lower = name.toLowerCase();
  return accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .some((t) => (t.startsWith('.') ? lower.endsWith(t) : t.endsWith('/*') ? mime.startsWith(t.slice(0, -1)) : mime === t));
}

export interface NewOrder {
  app: ActiveApplication;
  /** Already validated against the application's template. */
  value: Record<string, unknown>;
  requesterName: string;
  requesterPhone: string;
  requesterId: RequesterId | null;
  creatorStaffId: StaffId | null;
  by: ActingParty;
  /** Language of the caller's errors. */
  lang: Lang;
  /** PostgreSQL: the order's id and number taken ahead (applications/repo.ts findActiveByKeyTakingIds). */
  taken?: TakenOrderIds | null;
  /** The application's template as the caller parsed it to validate (`templateOf`). */
  schema: FormTemplate;
}

/** Inserts the order, its first history step(s) and the log entry in `trx`, in the application's company. */
export async function createOrder(trx: Db, o: NewOrder): Promise<{ id: WorkOrderId; order_no: string }> {
  const { app } = o;
  const { orders, log } = forCompany(trx, app.company_id);
  const { schema } = o;
  const at = now();
  const handler = app.is_automatic === 1 ? await orders.pickHandler(app.id) : null;
  const status = nextStatus('create', null, { dispatched: !!handler })!;
  const title = orderTitle(app.template_name, schema, o.value);
  const order = await orders.insertOrder({
    title,
    status,
    application_id: app.id,
    template_id: app.template_id,
    template_version: app.template_version,
    category_id: app.category_id,
    handler_id: handler?.id ?? null,
    requester_id: o.requesterId,
    requester_name: o.requesterName,
    requester_phone: o.requesterPhone,
    creator_staff_id: o.creatorStaffId,
    form_data: JSON.stringify(o.value),
    created_at: at,
    updated_at: at,
    time_zone: app.company_time_zone,
    taken: o.taken,
  });
  await attachFormUploads(trx, app.company_id, order.id, schema, o.value, o.lang);
  await orders.insertRecord({
    work_order_id: order.id,
    action: 'create',
    from_status: null,
    to_status: 'unassigned',
    actor_staff_id: o.by.staffId,
    actor_name: o.by.name,
    created_at: at,
  });
  if (handler) {
    await recordDispatch(orders, order.id, status, handler, at);
  }
  await log.write({
    user_id: o.by.userId,
    username: o.by.username,
    module: 'work_order',
    action: 'create',
    target_id: order.id,
    detail: { order_no: order.order_no, application: app.name },
    ip: o.by.ip,
  });
  // An automatic dispatch hands the order to someone: they hear of it (docs/design.md, "Notifications").
  await notifyChange(trx, o.by, {
    order: { id: order.id, order_no: order.order_no, title, creator_staff_id: o.creatorStaffId, handler_id: handler?.id ?? null },
    to: status,
    assignedTo: handler?.id ?? null,
  });
  return order;
}
