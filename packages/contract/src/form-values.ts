/**
 * The check of one filled-in value by its field's type (docs/design.md section 16, "One
 * validator"): the same rules in the browser and on the server. A value is either refused
 * with a FieldError or returned cleaned: numbers parsed, upload urls made ours, rich text
 * sanitised (by the server's sanitiser), batch rows and selectInputList choices checked
 * field by field with their own fields.
 */
import {
  MAX_BATCH_ROWS,
  MAX_HTML_LENGTH,
  MAX_TEXT_LENGTH,
  UPLOAD_KEY_RE,
  childTemplate,
  fieldLabel,
  uploadUrl,
  type FieldError,
  type FieldErrorCode,
  type FieldOption,
  type FormField,
  type FormTemplate,
} from './form-types.ts';

/** What a nested check needs: the validator itself (rows are small forms) and its options. */
export interface CheckContext {
  validate: (template: FormTemplate, data: unknown) => { errors: Record<string, FieldError[]>; value: Record<string, unknown> };
  /** Cleans rich-text HTML before it is stored (the server passes one; the browser leaves it to the server). */
  sanitizeHtml?: (html: string) => string;
}

type Checked = { error: FieldError; value?: undefined } | { error?: undefined; value: unknown };

const DATE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2})?$/;
/** Deepest cascader path accepted when its options are not in the template. */
const MAX_PATH = 10;
/** Longest choice value accepted when the options come from a call (not in the template). */
const MAX_REMOTE_VALUE = 200;

const isScalar = (x: unknown): x is string | number => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
const optionList = (x: unknown): FieldOption[] => (Array.isArray(x) ? (x as FieldOption[]).filter(isRecord) : []);

/** Every value of an option tree (treeSelect), as strings. */
function treeValues(options: FieldOption[], out = new Set<string>()): Set<string> {
  for (const o of options) {
    out.add(String(o.value));
    treeValues(optionList(o.children), out);
  }
  return out;
}

function safeRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return /[\s\S]*/;
  }
}

/** One choice or several among `allowed` (any scalar when the options come from a call). */
function checkChoice(v: unknown, multiple: boolean, allowed: Set<string> | null, err: (c: FieldErrorCode) => Checked): Checked {
  const ok = (x: unknown) => isScalar(x) && (allowed ? allowed.has(String(x)) : String(x).length <= MAX_REMOTE_VALUE);
  if (multiple) {
    if (!Array.isArray(v) || !v.every(isScalar)) return err('type');
    return v.every(ok) ? { value: v } : err('option');
  }
  if (!isScalar(v)) return err('type');
  return ok(v) ? { value: v } : err('option');
}

/** A cascader path: each step a child of the one before, ending on a leaf unless `changeOnSelect`. */
function checkPath(f: FormField, v: unknown, err: (c: FieldErrorCode) => Checked): Checked {
  const o = f.options ?? {};
  if (!Array.isArray(v) || v.length > MAX_PATH || !v.every(isScalar)) return err('type');
  let level = optionList(o.options);
  if (o.dynamic || !level.length) return v.every((x) => String(x).length <= MAX_REMOTE_VALUE) ? { value: v } : err('option');
  for (const step of v) {
    const node = level.find((n) => String(n.value) === String(step));
    if (!node) return err('option');
    level = optionList(node.children);
  }
  return level.length && !o.changeOnSelect ? err('option') : { value: v };
}

/** Batch rows: each row a small form of the batch's own fields; a row's `key` is kept. */
function checkRows(f: FormField, v: unknown, ctx: CheckContext, err: (c: FieldErrorCode, x?: Partial<FieldError>) => Checked): Checked {
  if (!Array.isArray(v)) return err('type');
  if (v.length > MAX_BATCH_ROWS) return err('max', { limit: MAX_BATCH_ROWS });
  const rows: Record<string, unknown>[] = [];
  for (const [i, row] of v.entries()) {
    if (!isRecord(row)) return err('type');
    const r = ctx.validate(childTemplate(f.list), row);
    const first = Object.values(r.errors)[0]?.[0];
    if (first) return { error: { ...first, label: `${fieldLabel(f)} · ${i + 1} · ${first.label}` } };
    rows.push({ ...(isScalar(row.key) ? { key: row.key } : {}), ...r.value });
  }
  return { value: rows };
}

/**
 * selectInputList: one entry per choice of the template, in its order, `{checked, value,
 * label}` plus the choice's own fields, checked only where ticked; one ticked unless multiple.
 */
function checkChoiceRows(f: FormField, v: unknown, ctx: CheckContext, err: (c: FieldErrorCode, x?: Partial<FieldError>) => Checked): Checked {
  const columns = Array.isArray(f.columns) ? f.columns : [];
  if (!Array.isArray(v) || v.length > columns.length || !v.every(isRecord)) return err('type');
  const out: Record<string, unknown>[] = [];
  let ticked = 0;
  for (const [i, column] of columns.entries()) {
    const entry = v[i] ?? { value: column.value };
    if (String(entry.value) !== String(column.value)) return err('option');
    if (entry.checked !== undefined && typeof entry.checked !== 'boolean') return err('type');
    const base = { checked: entry.checked === true, value: column.value, label: column.label };
    if (!base.checked) {
      out.push(base);
      continue;
    }
    ticked++;
    const r = ctx.validate(childTemplate(column.list), entry);
    const first = Object.values(r.errors)[0]?.[0];
    if (first) return { error: { ...first, label: `${fieldLabel(f)} · ${String(column.label ?? i + 1)} · ${first.label}` } };
    out.push({ ...base, ...r.value });
  }
  if (ticked > 1 && !f.options?.multiple) return err('option');
  return { value: out };
}

/** Checks one present (non-empty) value by the field's type; returns an error or the cleaned value. */
export function checkValue(f: FormField, v: unknown, ctx: CheckContext): Checked {
  const label = fieldLabel(f);
  const o = f.options ?? {};
  const err = (code: FieldErrorCode, extra: Partial<FieldError> = {}): Checked => ({ error: { code, label, ...extra } });
  const remote = o.dynamic === true;
  switch (f.type) {
    case 'input':
    case 'textarea': {
      if (typeof v !== 'string') return err('type');
      const limit = Math.min(o.maxLength || MAX_TEXT_LENGTH, MAX_TEXT_LENGTH);
      if (v.length > limit) return err('maxLength', { limit });
      for (const r of f.rules ?? []) {
        if (r.pattern && !safeRegExp(r.pattern).test(v)) return err('pattern', { message: r.message });
      }
      return { value: v };
    }
    case 'editor': {
      if (typeof v !== 'string') return err('type');
      if (v.length > MAX_HTML_LENGTH) return err('maxLength', { limit: MAX_HTML_LENGTH });
      return { value: ctx.sanitizeHtml ? ctx.sanitizeHtml(v) : v };
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
      const allowed = remote ? null : new Set(optionList(o.options).map((x) => String(x.value)));
      return checkChoice(v, f.type === 'checkbox' || (f.type === 'select' && !!o.multiple), allowed, err);
    }
    case 'treeSelect':
      return checkChoice(v, !!o.multiple || !!o.treeCheckable, remote ? null : treeValues(optionList(o.options)), err);
    case 'cascader':
      return checkPath(f, v, err);
    case 'batch':
      return checkRows(f, v, ctx, err);
    case 'selectInputList':
      return checkChoiceRows(f, v, ctx, err);
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
    case 'uploadImg': {
      // Items are uploads of this API (fileId); their url is ours, never one the browser sent.
      // The server then checks that each is an upload of the order's company (docs/design.md, "Uploads").
      if (!Array.isArray(v)) return err('type');
      const isUpload = (x: unknown): x is Record<string, unknown> & { fileId: string } =>
        isRecord(x) && typeof x.fileId === 'string' && UPLOAD_KEY_RE.test(x.fileId);
      if (!v.every(isUpload)) return err('type');
      if (typeof o.limit === 'number' && o.limit > 0 && v.length > o.limit) return err('max', { limit: o.limit });
      return {
        // Only what the order shows is kept: the browser's other keys are dropped.
        value: v.map((x) => ({
          fileId: x.fileId,
          ...(typeof x.name === 'string' ? { name: x.name.slice(0, 255) } : {}),
          ...(typeof x.size === 'number' && Number.isFinite(x.size) ? { size: x.size } : {}),
          ...(typeof x.mime === 'string' ? { mime: x.mime.slice(0, 100) } : {}),
          url: uploadUrl(x.fileId),
          ...(f.type === 'uploadImg' ? { thumbUrl: uploadUrl(x.fileId, true) } : {}),
        })),
      };
    }
    default:
      // Unknown value types are kept only as plain strings, never as nested structures.
      return typeof v === 'string' && v.length <= MAX_TEXT_LENGTH ? { value: v } : err('type');
  }
}
