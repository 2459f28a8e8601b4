/**
 * Conversions between a template's wire values (what the server stores and the contract's
 * validator checks: strings for dates and times, numbers, booleans, arrays) and the
 * values of antd controls (dayjs objects for date and time pickers).
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { FormField } from '@swo/contract';

/** The wire format of a date field: 'YYYY-MM-DD', with the time when the template asks for it. */
export function dateFormat(f: FormField): string {
  const fmt = typeof f.options?.format === 'string' ? f.options.format : '';
  if (/H/.test(fmt)) return /s/.test(fmt) ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm';
  return 'YYYY-MM-DD';
}

/** The wire format of a time field. */
export function timeFormat(f: FormField): string {
  const fmt = typeof f.options?.format === 'string' ? f.options.format : '';
  return fmt === 'HH:mm' ? 'HH:mm' : 'HH:mm:ss';
}

function parseDate(v: unknown): Dayjs | undefined {
  if (typeof v !== 'string' || !v) return undefined;
  const d = dayjs(v);
  return d.isValid() ? d : undefined;
}

/** Control value of a wire value (used for template defaults). */
export function toControlValue(f: FormField, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return f.type === 'switch' ? false : undefined;
  switch (f.type) {
    case 'date':
      if (f.options?.range) return Array.isArray(v) ? v.map((x) => parseDate(x)) : undefined;
      return parseDate(v);
    case 'time':
      return typeof v === 'string' ? dayjs(`1970-01-01 ${v}`) : undefined;
    case 'number':
    case 'rate':
    case 'slider': {
      const n = Number(v);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'switch':
      return v === true || v === 'true' || v === 1;
    case 'checkbox':
      return Array.isArray(v) ? v : [v];
    case 'select':
      if (f.options?.multiple) return Array.isArray(v) ? v : [v];
      return v;
    case 'uploadFile':
    case 'uploadImg':
      // k-form-design writes an upload's default as the text '[]'.
      return Array.isArray(v) ? v : parsedList(v);
    case 'batch':
      return Array.isArray(v) ? v.map((row) => convertRow(childrenOf(f.list), row, toControlValue)) : undefined;
    case 'selectInputList':
      return Array.isArray(v) ? v.map((entry, i) => convertRow(childrenOf(f.columns?.[i]?.list), entry, toControlValue)) : undefined;
    default:
      return v;
  }
}

/** A list written as JSON text (an upload's default in the original's forms), else nothing. */
function parsedList(v: unknown): unknown[] | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    const x: unknown = JSON.parse(v);
    return Array.isArray(x) && x.length ? x : undefined;
  } catch {
    return undefined;
  }
}

const childrenOf = (list: unknown): FormField[] => (Array.isArray(list) ? (list as FormField[]).filter((c) => c && typeof c === 'object' && c.model) : []);

/** A batch row or choice entry with its fields converted; its own keys (key, checked, value, label) kept. */
function convertRow(children: FormField[], row: unknown, convert: (f: FormField, v: unknown) => unknown): Record<string, unknown> {
  const r = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...r };
  for (const c of children) {
    const v = convert(c, r[c.model]);
    if (v === undefined) delete out[c.model];
    else out[c.model] = v;
  }
  return out;
}

/** Wire value of a control value; empty values become undefined. */
export function toWireValue(f: FormField, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return f.type === 'switch' ? false : undefined;
  if (Array.isArray(v) && v.length === 0) return undefined;
  switch (f.type) {
    case 'date':
      if (Array.isArray(v)) return (v as unknown[]).map((x) => (dayjs.isDayjs(x) ? x.format(dateFormat(f)) : x));
      return dayjs.isDayjs(v) ? v.format(dateFormat(f)) : v;
    case 'time':
      return dayjs.isDayjs(v) ? v.format(timeFormat(f)) : v;
    case 'color':
      return typeof v === 'string' ? v : ((v as { toHexString?: () => string }).toHexString?.() ?? '');
    case 'batch':
      return Array.isArray(v) ? v.map((row) => convertRow(childrenOf(f.list), row, toWireValue)) : v;
    case 'selectInputList':
      return Array.isArray(v) ? v.map((entry, i) => convertRow(childrenOf(f.columns?.[i]?.list), entry, toWireValue)) : v;
    default:
      return v;
  }
}

/**
 * Initial control values: from `data` (an order's saved form data) when given, otherwise
 * from the template's default values.
 */
export function initialValues(fields: FormField[], data?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = toControlValue(f, data ? data[f.model] : f.options?.defaultValue);
    if (v !== undefined) out[f.model] = v;
  }
  return out;
}

/** Wire values of all fields (empty ones left out). */
export function wireValues(fields: FormField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = toWireValue(f, values?.[f.model]);
    if (v !== undefined) out[f.model] = v;
  }
  return out;
}
