import { describe, expect, it } from 'vitest';
import type { FormField } from '@swo/contract';
import { progressiveCuts } from './useProgressiveList.ts';

const field = (i: number): FormField => ({ type: 'input', label: `F${i}`, model: `f${i}`, key: `input_${i}`, options: {} });
const grid = (i: number): FormField => ({
  type: 'grid',
  label: '',
  model: '',
  key: `grid_${i}`,
  options: {},
  columns: [
    { span: 12, list: [field(i)] },
    { span: 12, list: [field(i + 1)] },
  ],
});

describe('progressiveCuts', () => {
  it('draws a short form in one go', () => {
    expect(progressiveCuts([field(1), field(2), field(3)])).toEqual([3]);
    expect(progressiveCuts([])).toEqual([0]);
  });

  it('draws 40 fields first, then 20 per step, ending with the whole list', () => {
    const list = Array.from({ length: 200 }, (_, i) => field(i));
    const cuts = progressiveCuts(list);
    expect(cuts[0]).toBe(40);
    expect(cuts.slice(1, 3)).toEqual([60, 80]);
    expect(cuts[cuts.length - 1]).toBe(200);
  });

  it('counts the fields inside layout items and never splits one', () => {
    // 30 grids of two fields: the first step holds 20 grids (40 fields).
    const list = Array.from({ length: 30 }, (_, i) => grid(i * 2));
    expect(progressiveCuts(list)).toEqual([20, 30]);
  });
});
