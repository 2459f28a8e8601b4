/**
 * Creating an order from an application, for every entry point: the public form
 * (`createWorkNew`), staff on behalf of a requester (`Work/add`) and Excel import. The
 * order starts `unassigned`, or `processing` when the template is automatic and a bound
 * handler is free (docs/design.md, "Work-order state machine": create).
 */
import { nextStatus, orderTitle, validateFormData, type FormTemplate, type RequesterId, type StaffId, type WorkOrderId } from '@swo/contract';
import { formFieldMessage } from '../../http/field-messages.ts';
import type { Lang } from '../../http/messages.ts';
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import type { ActiveApplication } from '../applications/repo.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { recordDispatch } from './dispatch.ts';
import type { ActingParty } from './transition.ts';

export function templateOf(app: ActiveApplication): FormTemplate {
  if (app.template_status !== 1) throw errors.notFound('templateGone');
  return JSON.parse(app.template_schema) as FormTemplate;
}

/** The template's cleaned values of `data`, or 400 with messages keyed by field model. */
export function validFormData(schema: FormTemplate, data: unknown, lang: Lang): Record<string, unknown> {
  const check = validateFormData(schema, data);
  if (!check.ok) throw errors.validation(Object.fromEntries(Object.entries(check.errors).map(([k, es]) => [k, es.map((e) => formFieldMessage(lang, e))])));
  return check.value;
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
}

/** Inserts the order, its first history step(s) and the log entry in `trx`, in the application's company. */
export async function createOrder(trx: Db, o: NewOrder): Promise<{ id: WorkOrderId; order_no: string }> {
  const { app } = o;
  const { orders, log } = forCompany(trx, app.company_id);
  const schema = JSON.parse(app.template_schema) as FormTemplate;
  const at = now();
  const handler = app.is_automatic === 1 ? await orders.pickHandler(app.id) : null;
  const status = nextStatus('create', null, { dispatched: !!handler })!;
  const order = await orders.insertOrder({
    title: orderTitle(app.template_name, schema, o.value),
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
  });
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
  return order;
}
