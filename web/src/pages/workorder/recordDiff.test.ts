import { describe, expect, it } from 'vitest';
import { recordChanges } from './recordDiff.ts';

describe('recordChanges', () => {
  it('reads before/after from JSON text or objects, with labels', () => {
    const detail = { before: { room: '1-101', tags: ['a'] }, after: { room: '2-202', tags: ['a', 'b'] } };
    expect(recordChanges(JSON.stringify(detail), { room: '房号' })).toEqual([
      { key: 'room', label: '房号', before: '1-101', after: '2-202' },
      { key: 'tags', label: 'tags', before: 'a', after: 'a、b' },
    ]);
    expect(recordChanges(detail)).toHaveLength(2);
  });

  it('shows empty values as a dash and ignores anything else', () => {
    expect(recordChanges({ before: { x: null }, after: { x: 'v' } })[0]).toMatchObject({ before: '-', after: 'v' });
    expect(recordChanges(null)).toEqual([]);
    expect(recordChanges('not json')).toEqual([]);
    expect(recordChanges({ order_no: 'x' })).toEqual([]);
  });
});
