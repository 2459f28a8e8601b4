import { describe, expect, it } from 'vitest';
import type { FormField } from '@swo/contract';
import { firstCut } from './useProgressiveList.ts';

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

describe('firstCut', () => {
  it('draws a short form in one go', () => {
    expect(firstCut([field(1), field(2), field(3)])).toBe(3);
    expect(firstCut([])).toBe(0);
  });

  it('draws 40 fields first', () => {
    expect(firstCut(Array.from({ length: 200 }, (_, i) => field(i)))).toBe(40);
  });

  it('counts the fields inside layout items and never splits one', () => {
    // 30 grids of two fields: the first commit holds 20 grids (40 fields).
    expect(firstCut(Array.from({ length: 30 }, (_, i) => grid(i * 2)))).toBe(20);
    // A grid that crosses the 40th field is drawn whole.
    expect(firstCut([...Array.from({ length: 39 }, (_, i) => field(i)), grid(39), field(41)])).toBe(40);
  });
});
