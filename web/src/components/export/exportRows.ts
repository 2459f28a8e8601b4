/**
 * Turns table columns (title + dataIndex) and records into a header and rows for export.
 * As in the original export component (docs/product.md, section 3), the last column is skipped: it
 * is the actions column of the list screens (`skipLast` false keeps it, for tables without
 * one). A column may give `exportValue` to format.
 */
import type { Cell } from './xlsx.ts';

export interface ExportColumn<T> {
  title: string;
  dataIndex?: string | number | readonly (string | number)[];
  /** Formats the cell; the default is the raw value at dataIndex. */
  exportValue?: (record: T) => Cell;
}

function at(record: unknown, path: ExportColumn<unknown>['dataIndex']): unknown {
  if (path === undefined) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let v: unknown = record;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k as string | number] : undefined;
  return v;
}

function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(String).join(', ');
  return JSON.stringify(v);
}

export function exportRows<T>(columns: ExportColumn<T>[], data: T[], skipLast = true): { header: string[]; rows: Cell[][] } {
  const cols = skipLast ? columns.slice(0, -1) : columns;
  return {
    header: cols.map((c) => c.title),
    rows: data.map((r) => cols.map((c) => (c.exportValue ? c.exportValue(r) : toCell(at(r, c.dataIndex))))),
  };
}
