/**
 * Applies one state-machine action to a loaded order inside the caller's transaction: the
 * contract decides the next status, `moveStatus` applies it conditionally, then the history
 * record(s), the operation-log row and the notifications are written (docs/design.md,
 * "Work-order state machine", "Notifications"). Who may act is checked by the caller (policy.ts for staff, the ident for
 * requesters). Throws 409 when the status does not allow the action or the order changed
 * meanwhile.
 */
import { nextStatus, type CompanyId, type StaffId, type UserId, type WorkOrderAction, type WorkOrderId, type WorkOrderStatus } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { notifyChange } from '../notifications/service.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { recordDispatch } from './dispatch.ts';
import type { OrderRepo, OrderRow } from './repo.ts';
import type { Visibility } from './visibility.ts';

export type { OrderRow } from './repo.ts';

/** The company's order `id`, or 404 (another company's order, or one outside `visibility`, is not found either). */
export async function loadOrder(orders: OrderRepo, id: WorkOrderId, visibility?: Visibility): Promise<OrderRow> {
  const order = await orders.findOrder(id, visibility);
  if (!order) throw errors.notFound('orderNotFound');
  return order;
}

/** Who acts: a staff member, or a requester (staffId null). */
export interface ActingParty {
  companyId: CompanyId;
  staffId: StaffId | null;
  name: string;
  userId: UserId | null;
  username: string;
  ip: string;
}

export interface TransitionInput {
  note?: string;
  reason?: string;
  /** The handler an assign or reassign hands the order to. */
  target?: { id: StaffId; name: string };
}

export async function transition(trx: Db, who: ActingParty, order: OrderRow, action: WorkOrderAction, input: TransitionInput = {}): Promise<void> {
  const { orders, log } = forCompany(trx, who.companyId);
  const from = order.status as WorkOrderStatus;
  const template = await orders.findTemplateVersion(order.template_id, order.template_version);
  // A resubmitted order of an automatic template is dispatched again.
  const dispatchTo = action === 'resubmit' && template?.is_automatic === 1 ? await orders.pickHandler(order.application_id) : null;
  const to = nextStatus(action, from, { needsReview: template?.needs_review === 1, dispatched: !!dispatchTo });
  if (!to) throw errors.conflict();
  const at = now();

  let handler_id: StaffId | null | undefined;
  let reason: string | null | undefined;
  switch (action) {
    case 'claim':
      handler_id = who.staffId;
      break;
    case 'assign':
    case 'reassign':
      handler_id = input.target!.id;
      break;
    case 'reject':
    case 'cancel':
      reason = input.reason ?? null;
      break;
    case 'resubmit':
      handler_id = dispatchTo?.id ?? null;
      reason = null;
      break;
    default:
      break;
  }
  const moved = await orders.moveStatus(order.id, { from, to, version: order.version, at, handler_id, reason });
  if (!moved) throw errors.conflict();

  await orders.insertRecord({
    work_order_id: order.id,
    action,
    from_status: from,
    to_status: dispatchTo ? 'unassigned' : to,
    actor_staff_id: who.staffId,
    actor_name: who.name,
    target_staff_id: input.target?.id ?? null,
    target_name: input.target?.name ?? null,
    note: (input.reason ?? input.note)?.trim() || null,
    created_at: at,
  });
  if (dispatchTo) {
    await recordDispatch(orders, order.id, to, dispatchTo, at);
  }
  await log.write({
    user_id: who.userId,
    username: who.username,
    module: 'work_order',
    action: action as Exclude<WorkOrderAction, 'create'>,
    target_id: order.id,
    detail: { order_no: order.order_no, from, to, ...(input.target ? { handler: input.target.name } : {}) },
    ip: who.ip,
  });
  // In this transaction: the notifications exist exactly when the change does.
  await notifyChange(trx, who, {
    order: { ...order, handler_id: handler_id === undefined ? order.handler_id : handler_id },
    to,
    assignedTo: input.target?.id ?? dispatchTo?.id ?? null,
  });
}
