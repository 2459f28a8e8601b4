/**
 * Reads an operation-log entry's `detail` as a before/after table: one row per field of
 * either side, marked changed when the values differ; keys other than before/after are
 * shown apart as plain facts (e.g. a work order's note).
 */

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

export interface LogDiff {
  rows: DiffRow[];
  facts: [string, string][];
  /** True when the entry has a before or an after side at all. */
  hasSides: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A value as one line of text ('' for absent). */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function logDiff(detail: Record<string, unknown>): LogDiff {
  const before = isRecord(detail.before) ? detail.before : {};
  const after = isRecord(detail.after) ? detail.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rows = fields.map((field) => {
    const b = showValue(before[field]);
    const a = showValue(after[field]);
    return { field, before: b, after: a, changed: b !== a };
  });
  // Changed fields first, each group in the order the server wrote them.
  rows.sort((x, y) => Number(y.changed) - Number(x.changed));
  const facts = Object.entries(detail)
    .filter(([k]) => k !== 'before' && k !== 'after')
    .map(([k, v]): [string, string] => [k, showValue(v)]);
  return { rows, facts, hasSides: isRecord(detail.before) || isRecord(detail.after) };
}
