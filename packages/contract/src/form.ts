/**
 * Form templates in the k-form-design JSON shape (`{list, config}`, the form designer of
 * docs/product.md, section 2) and the one validator of submitted `form_data` against a
 * template. The server uses it to refuse bad submissions; the SPA uses it so that the
 * requester sees the same rules before sending.
 */

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FormRule {
  required?: boolean;
  pattern?: string;
  message?: string;
}

export interface FormField {
  type: string;
  label: string;
  model: string;
  key: string;
  options?: {
    placeholder?: string;
    defaultValue?: unknown;
    min?: number;
    max?: number;
    step?: number;
    precision?: number;
    maxLength?: number | null;
    multiple?: boolean;
    options?: FieldOption[];
    format?: string;
    range?: boolean;
    rows?: number;
    [k: string]: unknown;
  };
  rules?: FormRule[];
  /** Layout elements (grid, card, tabs) nest lists of fields. */
  columns?: { list: FormField[]; [k: string]: unknown }[];
  list?: FormField[];
  /** The `table` layout: rows of cells, each cell a list of fields. */
  trs?: { tds?: { list?: FormField[] }[] }[];
}

export interface FormTemplate {
  list: FormField[];
  config?: Record<string, unknown>;
}

/** Field types that hold no value of their own (pure layout or static text). */
const LAYOUT_TYPES = new Set(['grid', 'card', 'tabs', 'table', 'divider', 'text', 'html', 'alert', 'button']);
/** Longest text any field accepts, whatever its template says. */
export const MAX_TEXT_LENGTH = 5000;

export type FieldErrorCode = 'required' | 'type' | 'pattern' | 'min' | 'max' | 'maxLength' | 'option';

export interface FieldError {
  code: FieldErrorCode;
  label: string;
  limit?: number;
  message?: string;
}

/** Every value-carrying field of a template, layouts flattened, in display order. */
// Forms come from designers and imports: every level is checked before it is walked.
export function templateFields(template: FormTemplate): FormField[] {
  const out: FormField[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const f of list as (FormField | null)[]) {
      if (!f || typeof f !== 'object') continue;
      if (Array.isArray(f.columns)) for (const c of f.columns) walk(c?.list);
      if (Array.isArray(f.trs)) for (const tr of f.trs) if (Array.isArray(tr?.tds)) for (const td of tr.tds) walk(td?.list);
      // A batch (sub-table) holds its rows as one value: its children are its columns, not fields of the form.
      if (f.type !== 'batch') walk(f.list);
      if (typeof f.type === 'string' && !LAYOUT_TYPES.has(f.type) && typeof f.model === 'string' && f.model) out.push(f);
    }
  };
  walk(template.list);
  return out;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const DATE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2})?$/;

function optionValues(f: FormField): Set<string> {
  return new Set((f.options?.options ?? []).map((o) => String(o.value)));
}

/** Checks one present value by the field's type; returns an error or the cleaned value. */
function checkValue(f: FormField, v: unknown): { error?: FieldError; value?: unknown } {
  const label = f.label || f.model;
  const o = f.options ?? {};
  const err = (code: FieldErrorCode, extra: Partial<FieldError> = {}) => ({ error: { code, label, ...extra } });
  switch (f.type) {
    case 'input':
    case 'textarea':
    case 'editor': {
      if (typeof v !== 'string') return err('type');
      const limit = Math.min(o.maxLength || MAX_TEXT_LENGTH, MAX_TEXT_LENGTH);
      if (v.length > limit) return err('maxLength', { limit });
      for (const r of f.rules ?? []) {
        if (r.pattern && !safeRegExp(r.pattern).test(v)) return err('pattern', { message: r.message });
      }
      return { value: v };
    }
    case 'number':
    case 'rate':
    case 'slider': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) return err('type');
      if (typeof o.min === 'number' && n < o.min) return err('min', { limit: o.min });
      if (typeof o.max === 'number' && n > o.max) return err('max', { limit: o.max });
      return { value: n };
    }
    case 'select':
    case 'radio':
    case 'checkbox': {
      const allowed = optionValues(f);
      const multiple = f.type === 'checkbox' || (f.type === 'select' && o.multiple);
      if (multiple) {
        if (!Array.isArray(v)) return err('type');
        if (!v.every((x) => (typeof x === 'string' || typeof x === 'number') && allowed.has(String(x)))) return err('option');
        return { value: v };
      }
      if (typeof v !== 'string' && typeof v !== 'number') return err('type');
      if (!allowed.has(String(v))) return err('option');
      return { value: v };
    }
    case 'date': {
      const ok = (x: unknown) => typeof x === 'string' && DATE_RE.test(x) && !Number.isNaN(Date.parse(x.slice(0, 10)));
      if (o.range) return Array.isArray(v) && v.length === 2 && v.every(ok) ? { value: v } : err('type');
      return ok(v) ? { value: v } : err('type');
    }
    case 'time':
      return typeof v === 'string' && TIME_RE.test(v) ? { value: v } : err('type');
    case 'switch':
      return typeof v === 'boolean' ? { value: v } : err('type');
    case 'color':
      return typeof v === 'string' && /^#[0-9a-fA-F]{3,8}$|^rgba?\(/.test(v) ? { value: v } : err('type');
    case 'uploadFile':
    case 'uploadImg':
      return Array.isArray(v) && v.every((x) => x && typeof x === 'object' && typeof (x as { url?: unknown }).url === 'string') ? { value: v } : err('type');
    case 'cascader':
      return Array.isArray(v) ? { value: v } : err('type');
    default:
      // Unknown value types are kept only as plain strings, never as nested structures.
      return typeof v === 'string' && v.length <= MAX_TEXT_LENGTH ? { value: v } : err('type');
  }
}

function safeRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return /[\s\S]*/;
  }
}

export interface FormValidation {
  ok: boolean;
  /** Field model -> problems, in the order of the template. */
  errors: Record<string, FieldError[]>;
  /** The submitted values that belong to the template, cleaned; unknown keys dropped. */
  value: Record<string, unknown>;
}

/**
 * Validates `data` against `template`: required rules, types, pattern, min/max, options
 * and length. Keys the template does not know are dropped, never stored.
 */
export function validateFormData(template: FormTemplate, data: unknown): FormValidation {
  const errors: Record<string, FieldError[]> = {};
  const value: Record<string, unknown> = {};
  const input = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const f of templateFields(template)) {
    const v = input[f.model];
    const required = (f.rules ?? []).find((r) => r.required);
    if (isEmpty(v)) {
      if (required) errors[f.model] = [{ code: 'required', label: f.label || f.model, message: required.message }];
      continue;
    }
    const r = checkValue(f, v);
    if (r.error) errors[f.model] = [r.error];
    else value[f.model] = r.value;
  }
  return { ok: Object.keys(errors).length === 0, errors, value };
}

/** A short title for an order: the template name plus the first filled text field. */
export function orderTitle(templateName: string, template: FormTemplate, value: Record<string, unknown>): string {
  const first = templateFields(template).find((f) => ['input', 'textarea'].includes(f.type) && typeof value[f.model] === 'string');
  const text = first ? String(value[first.model]).trim() : '';
  return (text ? `${templateName} - ${text}` : templateName).slice(0, 120);
}
