/**
 * Pure edits of a layout container's own shape (k-form-design JSON): the columns of a grid
 * (`columns[].span`, 24 in all), the panes of tabs (`columns[].label`) and the rows and
 * cells of a table (`trs[].tds[]`). Only an empty column, pane, row or cell may be taken
 * away, so no field is ever lost by a shape change. Each returns the patch for the field.
 */
import type { FormField } from '@swo/contract';

export interface Column {
  [k: string]: unknown;
  span?: number;
  label?: string;
  value?: string;
  list: FormField[];
}
export interface Cell {
  [k: string]: unknown;
  colspan?: number;
  rowspan?: number;
  list: FormField[];
}
export interface TableRow {
  tds: Cell[];
}

const columnsOf = (field: FormField) => (field.columns ?? []) as Column[];
export const rowsOf = (field: FormField) => (field as { trs?: TableRow[] }).trs ?? [];

/** Spans for `n` equal grid columns: 24 shared out, the first ones one wider when it does not divide. */
export function evenSpans(n: number): number[] {
  const base = Math.floor(24 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 24 - base * n ? 1 : 0));
}

/** A grid with one more column (spans evened out). At most 6 columns. */
export function addGridColumn(field: FormField): Partial<FormField> {
  const cols = columnsOf(field);
  if (cols.length >= 6) return {};
  const spans = evenSpans(cols.length + 1);
  return { columns: [...cols, { span: 0, list: [] }].map((c, i) => ({ ...c, span: spans[i] })) };
}

/** A grid without its last column, when that column is empty (spans evened out). */
export function removeGridColumn(field: FormField): Partial<FormField> {
  const cols = columnsOf(field);
  if (cols.length <= 1 || cols[cols.length - 1].list.length) return {};
  const spans = evenSpans(cols.length - 1);
  return { columns: cols.slice(0, -1).map((c, i) => ({ ...c, span: spans[i] })) };
}

/** A grid whose column `i` has span `span` (1-24). */
export function setSpan(field: FormField, i: number, span: number): Partial<FormField> {
  return { columns: columnsOf(field).map((c, j) => (j === i ? { ...c, span: Math.max(1, Math.min(24, Math.round(span))) } : c)) };
}

/** Tabs with one more pane labelled `label`. */
export function addPane(field: FormField, label: string): Partial<FormField> {
  const cols = columnsOf(field);
  return { columns: [...cols, { value: String(cols.length + 1), label, list: [] }] };
}

/** Tabs without pane `i`, when it is empty and not the only one. */
export function removePane(field: FormField, i: number): Partial<FormField> {
  const cols = columnsOf(field);
  if (cols.length <= 1 || cols[i]?.list.length) return {};
  return { columns: cols.filter((_, j) => j !== i) };
}

/** Tabs whose pane `i` is labelled `label`. */
export function setPaneLabel(field: FormField, i: number, label: string): Partial<FormField> {
  return { columns: columnsOf(field).map((c, j) => (j === i ? { ...c, label } : c)) };
}

const cell = (): Cell => ({ colspan: 1, rowspan: 1, list: [] });
const width = (rows: TableRow[]) => Math.max(1, ...rows.map((r) => r.tds.length));

/** A table with one more row (as wide as the widest row) or one more cell in every row. */
export function growTable(field: FormField, what: 'row' | 'column'): Partial<FormField> {
  const rows = rowsOf(field);
  if (what === 'row') return { trs: [...rows, { tds: Array.from({ length: width(rows) }, cell) }] };
  return { trs: rows.map((r) => ({ ...r, tds: [...r.tds, cell()] })) };
}

/** A table without its last row, or its last cell in every row, when all those cells are empty. */
export function shrinkTable(field: FormField, what: 'row' | 'column'): Partial<FormField> {
  const rows = rowsOf(field);
  if (what === 'row') {
    if (rows.length <= 1 || rows[rows.length - 1].tds.some((c) => c.list.length)) return {};
    return { trs: rows.slice(0, -1) };
  }
  if (width(rows) <= 1 || rows.some((r) => r.tds.length === width(rows) && r.tds[r.tds.length - 1].list.length)) return {};
  return { trs: rows.map((r) => (r.tds.length === width(rows) ? { ...r, tds: r.tds.slice(0, -1) } : r)) };
}
