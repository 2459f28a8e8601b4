import { describe, expect, it } from 'vitest';
import type { FormField } from '@swo/contract';
import { rowsOf, addGridColumn, addPane, evenSpans, growTable, removeGridColumn, removePane, setSpan, shrinkTable } from './layoutOps.ts';

const input: FormField = { type: 'input', label: 'a', model: 'a', key: 'a', options: {} };
const grid = (lists: FormField[][]): FormField => ({
  type: 'grid',
  label: '',
  model: '',
  key: 'g',
  options: {},
  columns: lists.map((list) => ({ span: 12, list })),
});

describe('layout shape edits', () => {
  it('a grid gains and loses columns, the spans always sharing 24', () => {
    expect(evenSpans(5)).toEqual([5, 5, 5, 5, 4]);
    const three = addGridColumn(grid([[input], []])).columns!;
    expect(three.map((c) => c.span)).toEqual([8, 8, 8]);
    expect(three[0].list).toEqual([input]);
    expect(removeGridColumn({ ...grid([]), columns: three }).columns!.map((c) => c.span)).toEqual([12, 12]);
    // The last column holds a field: nothing is taken away.
    expect(removeGridColumn(grid([[], [input]]))).toEqual({});
    expect(setSpan(grid([[], []]), 0, 30).columns![0].span).toBe(24);
  });

  it('tabs gain panes and lose only empty ones', () => {
    const tabs: FormField = { ...grid([[input], []]), type: 'tabs' };
    expect(addPane(tabs, 'Tab 3').columns!.map((c) => c.label)).toEqual([undefined, undefined, 'Tab 3']);
    expect(removePane(tabs, 0)).toEqual({});
    expect(removePane(tabs, 1).columns).toHaveLength(1);
  });

  it('a table gains rows and columns and gives back only empty ones', () => {
    const table = { type: 'table', label: '', model: '', key: 't', options: {}, trs: [{ tds: [{ list: [input] }, { list: [] }] }] } as FormField;
    const widths = (patch: Partial<FormField>) => rowsOf({ ...table, ...patch }).map((r) => r.tds.length);
    const taller: FormField = { ...table, ...growTable(table, 'row') };
    expect(widths(taller)).toEqual([2, 2]);
    const wider: FormField = { ...taller, ...growTable(taller, 'column') };
    expect(widths(wider)).toEqual([3, 3]);
    expect(widths(shrinkTable(wider, 'column'))).toEqual([2, 2]);
    expect(widths(shrinkTable(wider, 'row'))).toEqual([3]);
    expect(shrinkTable(table, 'row')).toEqual({});
  });
});
