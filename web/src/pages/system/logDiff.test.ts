import { describe, expect, it } from 'vitest';
import { logDiff, showValue } from './logDiff.ts';

describe('logDiff', () => {
  it('marks the changed fields and lists them first', () => {
    const d = logDiff({ before: { name: 'A', sort: 1, status: 1 }, after: { name: 'B', sort: 1, status: 0 } });
    expect(d.rows).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'status', before: '1', after: '0', changed: true },
      { field: 'sort', before: '1', after: '1', changed: false },
    ]);
    expect(d.hasSides).toBe(true);
  });

  it('reads an add (no before) and a delete (no after)', () => {
    expect(logDiff({ before: null, after: { name: 'A' } }).rows).toEqual([{ field: 'name', before: '', after: 'A', changed: true }]);
    expect(logDiff({ before: { name: 'A' }, after: null }).rows).toEqual([{ field: 'name', before: 'A', after: '', changed: true }]);
  });

  it('keeps other keys as facts', () => {
    const d = logDiff({ note: 'hi', count: 2 });
    expect(d.rows).toEqual([]);
    expect(d.facts).toEqual([
      ['note', 'hi'],
      ['count', '2'],
    ]);
    expect(d.hasSides).toBe(false);
  });
});

describe('showValue', () => {
  it('writes objects as JSON and absent values as empty', () => {
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(null)).toBe('');
    expect(showValue(false)).toBe('false');
  });
});
