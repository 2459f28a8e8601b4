import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, summarize } from './batchSummary.ts';

describe('summarize', () => {
  const selected = [
    { id: 1, order_no: 'WO-1' },
    { id: 2, order_no: 'WO-2' },
    { id: 3, order_no: 'WO-3' },
  ];

  it('joins results with order numbers in selection order and counts them', () => {
    const s = summarize(selected, [
      { id: 3, ok: false, code: 409, msg: 'status changed' },
      { id: 1, ok: true, code: 200, msg: 'ok' },
      { id: 2, ok: true, code: 200, msg: 'ok' },
    ]);
    expect(s.rows.map((r) => r.order_no)).toEqual(['WO-1', 'WO-2', 'WO-3']);
    expect(s.ok).toBe(2);
    expect(s.failed).toBe(1);
    expect(s.rows[2]).toMatchObject({ ok: false, code: 409, msg: 'status changed' });
  });

  it('counts an unanswered id as failed and keeps unexpected results', () => {
    const s = summarize(selected.slice(0, 2), [
      { id: 1, ok: true, code: 200, msg: '' },
      { id: 9, ok: false, code: 404, msg: 'not found' },
    ]);
    expect(s.rows.map((r) => [r.order_no, r.ok])).toEqual([
      ['WO-1', true],
      ['WO-2', false],
      ['#9', false],
    ]);
    expect(s).toMatchObject({ ok: 1, failed: 2 });
  });
});

describe('newIdempotencyKey', () => {
  it('differs per call', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
