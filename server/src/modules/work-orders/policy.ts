/**
 * Who may take which action on an order (docs/design.md, "Work-order state machine": who
 * may act). The state machine in the contract says *whether* the status allows it; this
 * says whether this actor may. One function serves both the action calls and
 * `allowed_actions`.
 */
import { can, type PermissionCode, type WorkOrderAction } from '@swo/contract';
import type { Actor } from '../../http/context.ts';

export interface OrderFacts {
  handler_id: number | null;
  creator_staff_id: number | null;
  /** The actor is bound to the order's application. */
  actorBound: boolean;
}

/** Why not, as a message key; null when allowed. */
export type Denial = 'forbidden' | 'notHandler' | 'selfReview' | null;

const has = (actor: Actor, code: PermissionCode) => actor.isAdmin || can(actor.permissions, code);

export function denialFor(action: WorkOrderAction, actor: Actor, o: OrderFacts): Denial {
  const isHandler = o.handler_id !== null && o.handler_id === actor.staffId;
  switch (action) {
    case 'create':
      return has(actor, 'workorder.add') ? null : 'forbidden';
    case 'claim':
      return has(actor, 'workorder.renling') && (actor.isAdmin || o.actorBound) ? null : 'forbidden';
    case 'assign':
      return has(actor, 'workorder.zhipai') ? null : 'forbidden';
    case 'reassign':
    case 'reject':
      return isHandler || has(actor, 'workorder.zhipai') ? null : 'notHandler';
    case 'complete':
      return isHandler ? null : 'notHandler';
    case 'examine_pass':
    case 'examine_fail':
      // Separation of duties: whoever did the work does not approve it, admins included.
      if (isHandler) return 'selfReview';
      return has(actor, 'workorder.examine') ? null : 'forbidden';
    case 'cancel':
      return has(actor, 'workorder.cancelorder') ? null : 'forbidden';
    case 'resubmit':
    case 'withdraw':
      return o.creator_staff_id !== null && o.creator_staff_id === actor.staffId ? null : 'forbidden';
    case 'note':
      return has(actor, 'workorder.get') ? null : 'forbidden';
  }
}

/** What decides whether a staff member may be given an order. */
export interface TargetFacts {
  /** Bound to the order's application. */
  bound: boolean;
  /** Their (active) role may claim orders: `workorder.renling`, or an administrator role. */
  roleCanClaim: boolean;
}

/**
 * Whether an order may be assigned or reassigned to this staff member: only to someone
 * who could handle it anyway (bound to its application, or allowed to claim), so a
 * dispatcher cannot route work to an arbitrary colleague.
 */
export function mayReceive(t: TargetFacts): boolean {
  return t.bound || t.roleCanClaim;
}
