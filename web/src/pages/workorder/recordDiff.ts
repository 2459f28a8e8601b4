/**
 * The changed fields of an 'edit' record: its `detail` is `{before, after}` (as JSON text or
 * already parsed), keyed by field model; labels come from the order's template.
 */
export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (Array.isArray(v)) return v.map(show).join('、');
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

export function recordChanges(detail: unknown, labels: Record<string, string> = {}): FieldChange[] {
  let d: unknown = detail;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return [];
    }
  }
  if (!d || typeof d !== 'object') return [];
  const { before, after } = d as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  if (!before && !after) return [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => ({ key, label: labels[key] ?? key, before: show(before?.[key]), after: show(after?.[key]) }));
}
