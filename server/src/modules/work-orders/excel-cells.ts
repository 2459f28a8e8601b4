/**
 * Between form values and spreadsheet cells: how a field's value is shown in an export
 * (option labels, 是/否, joined lists) and read back from an import (labels or values,
 * Excel dates). Strings that a spreadsheet would run as a formula are marked as text.
 */
import type { FormField } from '@swo/contract';

/** First characters that make spreadsheet programs treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (s: string): boolean => FORMULA_START.test(s);

const labelOf = (f: FormField, v: unknown) => f.options?.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);

/** The text or number a form value shows as in a cell. */
export function cellValue(f: FormField, v: unknown, yesNo: [string, string]): string | number | null {
  if (v === undefined || v === null || v === '') return null;
  switch (f.type) {
    case 'select':
    case 'radio':
    case 'checkbox':
      return Array.isArray(v) ? v.map((x) => labelOf(f, x)).join(', ') : labelOf(f, v);
    case 'switch':
      return v ? yesNo[0] : yesNo[1];
    case 'number':
    case 'rate':
    case 'slider':
      return typeof v === 'number' ? v : Number(v);
    case 'uploadFile':
    case 'uploadImg':
      return Array.isArray(v) ? v.map((x) => (x as { url?: string }).url ?? '').join('\n') : scalarText(v);
    default:
      return Array.isArray(v) ? v.map(scalarText).join(', ') : scalarText(v);
  }
}

/** Text of a form value: objects as JSON, everything else as itself. */
const scalarText = (v: unknown): string => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

const YES = new Set(['是', 'yes', 'y', 'true', '1', 'sim', '是的']);
const NO = new Set(['否', 'no', 'n', 'false', '0', 'não', 'nao']);

/** Plain text of a cell as exceljs reads it (rich text, hyperlinks, formulas' results). */
export function cellText(raw: unknown): string | number | boolean | Date | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') return raw.trim();
  const o = raw as { richText?: { text: string }[]; text?: string; result?: unknown };
  if (o.richText)
    return o.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof o.text === 'string') return o.text.trim();
  if (o.result !== undefined) return cellText(o.result);
  return JSON.stringify(raw);
}

/** The form value an imported cell stands for; leaves unreadable input for the validator to refuse. */
export function formValue(f: FormField, raw: unknown): unknown {
  const v = cellText(raw);
  if (v === null || v === '') return undefined;
  const byLabel = (s: string) => f.options?.options?.find((o) => o.label === s || String(o.value) === s)?.value ?? s;
  switch (f.type) {
    case 'select':
    case 'radio':
      if (f.type === 'select' && f.options?.multiple)
        return String(v)
          .split(/[,，;；]\s*/)
          .filter(Boolean)
          .map(byLabel);
      return byLabel(String(v));
    case 'checkbox':
      return String(v)
        .split(/[,，;；]\s*/)
        .filter(Boolean)
        .map(byLabel);
    case 'number':
    case 'rate':
    case 'slider':
      return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : v;
    case 'switch': {
      if (typeof v === 'boolean') return v;
      const s = String(v).toLowerCase();
      return YES.has(s) ? true : NO.has(s) ? false : s;
    }
    case 'date':
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      return String(v).replace(/\//g, '-');
    default:
      return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  }
}
