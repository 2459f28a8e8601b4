/**
 * The dashboard greeting (docs/product.md, section 9): before 9 early morning, up to 11 morning,
 * up to 13 noon, before 20 afternoon, otherwise evening — the session's `welcomeKey`.
 */
import { welcomeKey } from '../../app/session.ts';

export { welcomeKey };

/** The default statistics range: the last `days` days up to today, as YYYY-MM-DD (local). */
export function lastDays(days: number, today: Date = new Date()): [string, string] {
  const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return [fmt(from), fmt(today)];
}

/** The optional page number of '/dashboard/analysis/:pageNo': a positive integer, else null (invalid). */
export function parsePageNo(v: string | undefined): number | null | undefined {
  if (v === undefined) return undefined;
  return /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null;
}
