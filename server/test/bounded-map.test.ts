/** The in-process memos' bound (lib/bounded-map.ts): full, a new key drops the one stored first. */
import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/lib/bounded-map.ts';

describe('a bounded map', () => {
  it('keeps at most its bound, dropping the key stored first', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m.keys()]).toEqual(['b', 'c']);
  });

  it('replaces a value in place without dropping another', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect([...m.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });
});
