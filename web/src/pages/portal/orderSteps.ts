/**
 * The progress of an order as the requester sees it (docs/design.md, "Work-order state machine"): submitted →
 * processing → (review) → completed, or an end in rejected, cancelled or withdrawn. The
 * review step appears only when the order reached it (the public view does not say whether
 * the template requires one).
 */

export type StepKey = 'submitted' | 'processing' | 'review' | 'completed' | 'rejected' | 'cancelled' | 'withdrawn';

export interface OrderProgress {
  steps: StepKey[];
  /** Index of the current step. */
  current: number;
  /** antd Steps status of the current step. */
  status: 'wait' | 'process' | 'finish' | 'error';
}

/** Actions after which the order has (had) a handler. */
const HANDLED = new Set(['claim', 'assign', 'dispatch', 'reassign', 'complete']);

export function orderProgress(status: string, timeline: { action: string; to_status: string | null }[]): OrderProgress {
  const reviewed = status === 'pending_review' || timeline.some((r) => r.to_status === 'pending_review' || r.action === 'examine_pass');
  switch (status) {
    case 'unassigned':
      return { steps: reviewed ? ['submitted', 'processing', 'review', 'completed'] : ['submitted', 'processing', 'completed'], current: 0, status: 'process' };
    case 'processing':
      return { steps: reviewed ? ['submitted', 'processing', 'review', 'completed'] : ['submitted', 'processing', 'completed'], current: 1, status: 'process' };
    case 'pending_review':
      return { steps: ['submitted', 'processing', 'review', 'completed'], current: 2, status: 'process' };
    case 'completed': {
      const steps: StepKey[] = reviewed ? ['submitted', 'processing', 'review', 'completed'] : ['submitted', 'processing', 'completed'];
      return { steps, current: steps.length - 1, status: 'finish' };
    }
    case 'rejected':
    case 'cancelled':
    case 'withdrawn': {
      // Only the stages the order went through since it was last (re)submitted.
      const lastSubmit = Math.max(...timeline.map((r, i) => (r.action === 'create' || r.action === 'resubmit' ? i : -1)), -1);
      const since = timeline.slice(lastSubmit + 1);
      const steps: StepKey[] = ['submitted'];
      if (since.some((r) => HANDLED.has(r.action))) steps.push('processing');
      if (status === 'cancelled' && since.some((r) => r.to_status === 'pending_review')) steps.push('review');
      steps.push(status);
      return { steps, current: steps.length - 1, status: status === 'withdrawn' ? 'finish' : 'error' };
    }
    default:
      return { steps: ['submitted'], current: 0, status: 'process' };
  }
}
