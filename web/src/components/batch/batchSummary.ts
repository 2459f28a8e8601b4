/**
 * The per-item results of a batch call, joined with the order numbers the user selected,
 * and counted: how many succeeded, how many failed.
 */
import type { BatchItemResult } from '@swo/contract';

export interface BatchRow extends BatchItemResult {
  order_no: string;
}

export interface BatchSummary {
  rows: BatchRow[];
  ok: number;
  failed: number;
}

/**
 * Rows in the order of the selection. An id the server did not answer for counts as failed
 * (code 0, empty message) so that nothing selected silently disappears.
 */
export function summarize(selected: { id: number; order_no: string }[], results: BatchItemResult[]): BatchSummary {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows = selected.map((o) => ({ order_no: o.order_no, ...(byId.get(o.id) ?? { id: o.id, ok: false, code: 0, msg: '' }) }));
  // Results for ids not in the selection (should not happen) are still shown.
  const known = new Set(selected.map((o) => o.id));
  for (const r of results) if (!known.has(r.id)) rows.push({ order_no: `#${r.id}`, ...r });
  const ok = rows.filter((r) => r.ok).length;
  return { rows, ok, failed: rows.length - ok };
}

/** A new idempotency key for one user action (a retry of the same request reuses it). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}
