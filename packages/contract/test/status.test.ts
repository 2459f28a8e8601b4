import { describe, expect, it } from 'vitest';
import { WORK_ORDER_ACTIONS, WORK_ORDER_STATUSES, actionsFor, nextStatus, type WorkOrderAction, type WorkOrderStatus } from '../src/index.ts';

/**
 * The table of docs/design.md, "Work-order state machine", written out independently of the
 * implementation.
 */
const EXPECTED: Partial<Record<WorkOrderAction, Partial<Record<WorkOrderStatus, WorkOrderStatus>>>> = {
  claim: { unassigned: 'processing' },
  assign: { unassigned: 'processing' },
  reassign: { processing: 'processing' },
  complete: { processing: 'completed' },
  examine_pass: { pending_review: 'completed' },
  examine_fail: { pending_review: 'processing' },
  reject: { unassigned: 'rejected', processing: 'rejected' },
  resubmit: { rejected: 'unassigned' },
  withdraw: { unassigned: 'withdrawn', rejected: 'withdrawn' },
  cancel: { unassigned: 'cancelled', processing: 'cancelled', pending_review: 'cancelled' },
};

describe('work-order state machine', () => {
  for (const action of WORK_ORDER_ACTIONS.filter((a) => a !== 'create' && a !== 'note')) {
    for (const status of WORK_ORDER_STATUSES) {
      const want = EXPECTED[action]?.[status] ?? null;
      it(`${action} from ${status} -> ${want ?? 'refused'}`, () => {
        expect(nextStatus(action, status)).toBe(want);
      });
    }
  }

  it('complete goes to review when the template asks for it', () => {
    expect(nextStatus('complete', 'processing', { needsReview: true })).toBe('pending_review');
  });

  it('create and resubmit go to processing when dispatched', () => {
    expect(nextStatus('create', null)).toBe('unassigned');
    expect(nextStatus('create', null, { dispatched: true })).toBe('processing');
    expect(nextStatus('resubmit', 'rejected', { dispatched: true })).toBe('processing');
    expect(nextStatus('create', 'unassigned')).toBeNull();
  });

  it('notes are allowed in every status and change nothing', () => {
    for (const s of WORK_ORDER_STATUSES) expect(nextStatus('note', s)).toBe(s);
  });

  it('finished orders allow no action but notes', () => {
    for (const s of ['completed', 'cancelled', 'withdrawn'] as const) expect(actionsFor(s)).toEqual(['note']);
  });
});
