/**
 * The work-order state machine (docs/design.md, "Work-order state machine"). The only place
 * that says which action may move an order from which status to which; server and SPA both
 * read it.
 */

export const WORK_ORDER_STATUSES = ['unassigned', 'processing', 'pending_review', 'completed', 'rejected', 'cancelled', 'withdrawn'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Statuses in which an order still needs work from staff ("open"). */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = ['unassigned', 'processing', 'pending_review'];

/** Statuses in which staff may still edit an order's form data (Work/edit). */
export const EDITABLE_STATUSES: readonly WorkOrderStatus[] = ['unassigned', 'rejected'];
/** Statuses in which an order may be deleted (Work/delete). */
export const DELETABLE_STATUSES: readonly WorkOrderStatus[] = ['cancelled', 'withdrawn'];

export const WORK_ORDER_ACTIONS = [
  'create',
  'claim',
  'assign',
  'reassign',
  'complete',
  'examine_pass',
  'examine_fail',
  'reject',
  'resubmit',
  'withdraw',
  'cancel',
  'note',
] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

interface TransitionRule {
  from: readonly WorkOrderStatus[] | 'any' | 'none';
  /** Target status; `same` keeps it; a function decides from the order's template. */
  to: WorkOrderStatus | 'same' | ((ctx: TransitionContext) => WorkOrderStatus);
}

/** Facts about the order that some transitions depend on. */
export interface TransitionContext {
  /** The order's template requires a review step after completion. */
  needsReview?: boolean;
  /** The order's template dispatches new orders automatically and a handler was found. */
  dispatched?: boolean;
}

const RULES: Record<WorkOrderAction, TransitionRule> = {
  create: { from: 'none', to: (c) => (c.dispatched ? 'processing' : 'unassigned') },
  claim: { from: ['unassigned'], to: 'processing' },
  assign: { from: ['unassigned'], to: 'processing' },
  reassign: { from: ['processing'], to: 'processing' },
  complete: { from: ['processing'], to: (c) => (c.needsReview ? 'pending_review' : 'completed') },
  examine_pass: { from: ['pending_review'], to: 'completed' },
  examine_fail: { from: ['pending_review'], to: 'processing' },
  reject: { from: ['unassigned', 'processing'], to: 'rejected' },
  resubmit: { from: ['rejected'], to: (c) => (c.dispatched ? 'processing' : 'unassigned') },
  withdraw: { from: ['unassigned', 'rejected'], to: 'withdrawn' },
  cancel: { from: ['unassigned', 'processing', 'pending_review'], to: 'cancelled' },
  note: { from: 'any', to: 'same' },
};

/** Statuses from which `action` is allowed (all statuses for `note`, none for `create`). */
export function allowedFrom(action: WorkOrderAction): readonly WorkOrderStatus[] {
  const from = RULES[action].from;
  if (from === 'any') return WORK_ORDER_STATUSES;
  if (from === 'none') return [];
  return from;
}

/** True when `action` may be applied to an order in `status`. */
export function canTransition(action: WorkOrderAction, status: WorkOrderStatus): boolean {
  return allowedFrom(action).includes(status);
}

/**
 * The status an order reaches by `action`. For `create` pass `from = null`.
 * Returns null when the action is not allowed from `from` (callers answer 409).
 */
export function nextStatus(action: WorkOrderAction, from: WorkOrderStatus | null, ctx: TransitionContext = {}): WorkOrderStatus | null {
  const rule = RULES[action];
  if (from === null) {
    if (rule.from !== 'none') return null;
  } else if (!canTransition(action, from)) {
    return null;
  }
  if (rule.to === 'same') return from;
  return typeof rule.to === 'function' ? rule.to(ctx) : rule.to;
}

/** Actions a staff member may take on an order in `status`, ignoring permissions. */
export function actionsFor(status: WorkOrderStatus): WorkOrderAction[] {
  return WORK_ORDER_ACTIONS.filter((a) => a !== 'create' && canTransition(a, status));
}

/** `s` as a status when it is one (e.g. read from a URL), else undefined. */
export function asStatus(s: string | null | undefined): WorkOrderStatus | undefined {
  return (WORK_ORDER_STATUSES as readonly string[]).includes(s ?? '') ? (s as WorkOrderStatus) : undefined;
}
