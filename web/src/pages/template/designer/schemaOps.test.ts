import { describe, expect, it } from 'vitest';
import type { FormField } from '@swo/contract';
import { newField } from './fieldTypes.ts';
import {
  accepts,
  allFields,
  copyField,
  duplicateModels,
  findField,
  insertAt,
  insertField,
  locate,
  modelTaken,
  moveField,
  moveTo,
  removeField,
  slotsOf,
  updateField,
} from './schemaOps.ts';
import { push, redo, start, undo } from './history.ts';

const f = (key: string, extra: Partial<FormField> & Record<string, unknown> = {}): FormField => ({
  type: 'input',
  label: key,
  model: key,
  key,
  options: {},
  ...extra,
});
const grid = (key: string, left: FormField[], right: FormField[]) =>
  f(key, {
    type: 'grid',
    columns: [
      { span: 12, list: left },
      { span: 12, list: right },
    ],
  });
const keys = (list: FormField[]) => list.map((x) => x.key);

describe('designer operations', () => {
  const tree = [f('a'), grid('g', [f('b')], [f('c')]), f('d', { type: 'table', trs: [{ tds: [{ list: [f('e')] }] }] })];

  it('finds, updates and removes fields nested in grids and table cells, leaving the input as it was', () => {
    expect(findField(tree, 'e')?.label).toBe('e');
    const renamed = updateField(tree, 'c', { label: 'C', options: { placeholder: 'p' } });
    expect(findField(renamed, 'c')).toMatchObject({ label: 'C', options: { placeholder: 'p' } });
    expect(findField(tree, 'c')?.label).toBe('c');
    // untouched branches are shared, not copied
    expect(renamed[0]).toBe(tree[0]);
    const without = removeField(tree, 'e');
    expect(findField(without, 'e')).toBeUndefined();
    expect(keys(allFields(without))).toEqual(['a', 'g', 'b', 'c', 'd']);
  });

  it('inserts at a position and moves within the list that holds the field', () => {
    const added = insertField(tree, f('x'), 1);
    expect(keys(added)).toEqual(['a', 'x', 'g', 'd']);
    expect(keys(moveField(added, 'a', 3))).toEqual(['x', 'g', 'd', 'a']);
    const nested = moveField([grid('g', [f('b1'), f('b2')], [])], 'b2', 0);
    expect(keys((nested[0].columns ?? [])[0].list)).toEqual(['b2', 'b1']);
  });

  it('copies a field right after it with new keys, and new model ids for its children too', () => {
    const { list, key } = copyField(tree, 'g', 1_700_000_000_000);
    expect(keys(list)).toEqual(['a', 'g', key, 'd']);
    const copy = findField(list, key!)!;
    const inner = allFields([copy]).slice(1);
    expect(inner.map((x) => x.key)).not.toContain('b');
    expect(duplicateModels(list)).toEqual([]);
  });

  it('model ids must be unique among value fields only', () => {
    expect(modelTaken(tree, 'b', 'a')).toBe(true);
    expect(modelTaken(tree, 'b', 'b')).toBe(false);
    expect(modelTaken(tree, 'g', 'a')).toBe(false); // a layout's model is not a value
    expect(duplicateModels([f('a'), f('b', { model: 'a' })])).toEqual(['a']);
  });

  it('new fields carry the k-form-design shape: type, label, options, model = key, rules; the hint is small SimHei text', () => {
    const input = newField('input', '单行文本', 1_700_000_000_000);
    expect(input).toMatchObject({ type: 'input', label: '单行文本', rules: [{ required: false }] });
    expect(input.model).toBe(input.key);
    const hint = newField('hint', '提示', 1_700_000_000_000);
    expect(hint).toMatchObject({ type: 'text', options: { fontFamily: 'SimHei', fontSize: '10.5pt', textAlign: 'left' } });
    expect(hint.rules).toBeUndefined();
    expect(newField('grid', '栅格').columns).toHaveLength(2);
  });
});

describe('containers', () => {
  const batch = f('rows', { type: 'batch', list: [f('name')] });
  const tree = [f('a'), grid('g', [f('b')], []), batch, f('t', { type: 'table', trs: [{ tds: [{ list: [] }, { list: [f('e')] }] }] })];

  it('drops a new field into a grid column, a table cell and a batch, at a position', () => {
    let next = insertAt(tree, { parent: 'g', slot: 1 }, f('x'));
    expect(keys(slotsOf(findField(next, 'g')!)[1])).toEqual(['x']);
    next = insertAt(next, { parent: 't', slot: 1 }, f('y'), 0);
    expect(keys(slotsOf(findField(next, 't')!)[1])).toEqual(['y', 'e']);
    next = insertAt(next, { parent: 'rows', slot: 0 }, f('qty'));
    expect(keys(findField(next, 'rows')!.list!)).toEqual(['name', 'qty']);
    expect(locate(next, 'qty')).toEqual({ parent: 'rows', slot: 0, index: 1 });
    expect(locate(next, 'a')).toEqual({ parent: null, slot: 0, index: 0 });
    expect(keys(tree)).toEqual(['a', 'g', 'rows', 't']); // the input is kept for undo
  });

  it('moves a field out of a column, into another container, and never into itself', () => {
    let next = moveTo(tree, 'b', { parent: 'g', slot: 1 });
    expect(slotsOf(findField(next, 'g')!).map(keys)).toEqual([[], ['b']]);
    next = moveTo(next, 'b', { parent: null, slot: 0 }, 0);
    expect(keys(next)).toEqual(['b', 'a', 'g', 'rows', 't']);
    expect(moveTo(tree, 'g', { parent: 'g', slot: 0 })).toBe(tree);
    const nested = insertAt(tree, { parent: 'g', slot: 1 }, f('card', { type: 'card', list: [] }));
    expect(moveTo(nested, 'g', { parent: 'card', slot: 0 })).toBe(nested);
  });

  it('a batch row takes plain value fields only', () => {
    expect(accepts(batch, f('n'))).toBe(true);
    expect(accepts(batch, grid('g2', [], []))).toBe(false);
    expect(accepts(batch, f('d', { type: 'divider', model: undefined }))).toBe(false);
    expect(accepts(batch, f('b2', { type: 'batch', list: [] }))).toBe(false);
    expect(moveTo(tree, 'g', { parent: 'rows', slot: 0 })).toBe(tree);
    expect(accepts(null, grid('g2', [], []))).toBe(true);
  });
});

describe('undo and redo', () => {
  it('steps back and forth; a new change drops what was undone', () => {
    let h = start(1);
    h = push(push(h, 2), 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = push(undo(undo(h)), 9);
    expect(h).toEqual({ past: [1], present: 9, future: [] });
    expect(undo(undo(h)).present).toBe(1);
  });
});
