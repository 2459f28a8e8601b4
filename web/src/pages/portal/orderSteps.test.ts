/** The requester's view of an order's progress. */
import { describe, expect, it } from 'vitest';
import { orderProgress } from './orderSteps.ts';

const r = (action: string, to_status: string | null = null) => ({ action, to_status });

describe('order progress', () => {
  it('shows the open stages without review until the order reaches it', () => {
    expect(orderProgress('unassigned', [r('create', 'unassigned')])).toEqual({
      steps: ['submitted', 'processing', 'completed'],
      current: 0,
      status: 'process',
    });
    expect(orderProgress('processing', [r('create'), r('claim', 'processing')]).current).toBe(1);
    expect(orderProgress('pending_review', [r('complete', 'pending_review')])).toEqual({
      steps: ['submitted', 'processing', 'review', 'completed'],
      current: 2,
      status: 'process',
    });
  });

  it('finishes on completed, with the review step when there was one', () => {
    expect(orderProgress('completed', [r('create'), r('claim'), r('complete', 'completed')])).toEqual({
      steps: ['submitted', 'processing', 'completed'],
      current: 2,
      status: 'finish',
    });
    expect(orderProgress('completed', [r('complete', 'pending_review'), r('examine_pass', 'completed')]).steps).toContain('review');
  });

  it('ends in the rejected, cancelled or withdrawn state', () => {
    expect(orderProgress('rejected', [r('create'), r('reject', 'rejected')])).toEqual({ steps: ['submitted', 'rejected'], current: 1, status: 'error' });
    expect(orderProgress('rejected', [r('create'), r('claim'), r('reject', 'rejected')]).steps).toEqual(['submitted', 'processing', 'rejected']);
    // Stages before a resubmission do not count.
    expect(orderProgress('withdrawn', [r('create'), r('claim'), r('reject'), r('resubmit'), r('withdraw')])).toEqual({
      steps: ['submitted', 'withdrawn'],
      current: 1,
      status: 'finish',
    });
    expect(orderProgress('cancelled', [r('create'), r('claim'), r('complete', 'pending_review'), r('cancel')]).steps).toEqual([
      'submitted',
      'processing',
      'review',
      'cancelled',
    ]);
  });
});
