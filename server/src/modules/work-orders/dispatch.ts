/**
 * Automatic dispatch (docs/design.md, "Work-order state machine": create/resubmit): the
 * handler is chosen by `pickHandler` of the order repository (fewest open orders, then
 * round-robin); this writes the history step that says the system did it.
 */
import type { StaffId, WorkOrderId } from '@swo/contract';
import type { OrderRepo } from './repo.ts';

/** The history step of an automatic dispatch: system hands the order to `handler`. */
export async function recordDispatch(orders: OrderRepo, orderId: WorkOrderId, to: string, handler: { id: StaffId; name: string }, at: string): Promise<void> {
  await orders.insertRecord({
    work_order_id: orderId,
    action: 'dispatch',
    from_status: 'unassigned',
    to_status: to,
    actor_staff_id: null,
    actor_name: 'system',
    target_staff_id: handler.id,
    target_name: handler.name,
    created_at: at,
  });
}
