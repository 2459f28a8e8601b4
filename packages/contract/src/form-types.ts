/**
 * The k-form-design template shape (`{list, config}`, docs/design.md section 16) as the
 * contract reads it, and the walk over its value-carrying fields. Keys the contract does
 * not name are kept as they are (`[k: string]: unknown`): a form made by the original
 * designer is saved back without losing any.
 */

/** An upload's public id: 32 lowercase hex characters (128 random bits). */
export const UPLOAD_KEY_RE = /^[0-9a-f]{32}$/;

/** Where an upload is fetched from (relative to API_BASE); `thumb` gives an image's thumbnail. */
export const uploadUrl = (fileId: string, thumb = false) => `/admin/Upload/file?key=${fileId}${thumb ? '&thumb=1' : ''}`;

/** A choice of select, radio, checkbox; treeSelect and cascader nest them in `children`. */
export interface FieldOption {
  value: string | number;
  label: string;
  children?: FieldOption[];
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
    /** Options come from the source named by `dynamicKey` instead of `options` (remote data; form-sources.ts). */
    dynamic?: boolean;
    dynamicKey?: string;
    [k: string]: unknown;
  };
  rules?: FormRule[];
  /** Layout elements (grid, tabs) nest lists of fields; selectInputList's choices carry `value`, `label` and fields. */
  columns?: { list: FormField[]; value?: string | number; label?: string; [k: string]: unknown }[];
  /** card's fields; batch's columns (one value per row). */
  list?: FormField[];
  /** The `table` layout: rows of cells, each cell a list of fields. */
  trs?: { tds?: { list?: FormField[] }[] }[];
  [k: string]: unknown;
}

export interface FormTemplate {
  list: FormField[];
  config?: Record<string, unknown>;
}

/** Field types that hold no value of their own (pure layout or static text). */
export const LAYOUT_TYPES = new Set(['grid', 'card', 'tabs', 'table', 'divider', 'text', 'html', 'alert', 'button']);
/** Types whose nested fields are parts of their own value (rows, choices), not fields of the form. */
export const COMPOSITE_TYPES = new Set(['batch', 'selectInputList']);
/** Longest text any field accepts, whatever its template says. */
export const MAX_TEXT_LENGTH = 5000;
/** Longest rich text (HTML) an editor field accepts. */
export const MAX_HTML_LENGTH = 50_000;
/** Most rows a batch (sub-table) accepts. */
export const MAX_BATCH_ROWS = 200;

export type FieldErrorCode = 'required' | 'type' | 'pattern' | 'min' | 'max' | 'maxLength' | 'option';

export interface FieldError {
  code: FieldErrorCode;
  /** The field's label; inside a batch "batch label · row · column label". */
  label: string;
  limit?: number;
  message?: string;
}

/** The label a person sees: k-form-design's `label`, or `name` in older forms. */
export const fieldLabel = (f: FormField): string =>
  typeof f.label === 'string' && f.label ? f.label : typeof f.name === 'string' && f.name ? f.name : f.model;

/** Every value-carrying field of a template, layouts flattened, in display order. */
// Forms come from designers and imports: every level is checked before it is walked.
export function templateFields(template: FormTemplate): FormField[] {
  const out: FormField[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const f of list as (FormField | null)[]) {
      if (!f || typeof f !== 'object') continue;
      const composite = COMPOSITE_TYPES.has(f.type);
      if (!composite && Array.isArray(f.columns)) for (const c of f.columns) walk(c?.list);
      if (Array.isArray(f.trs)) for (const tr of f.trs) if (Array.isArray(tr?.tds)) for (const td of tr.tds) walk(td?.list);
      if (!composite) walk(f.list);
      if (typeof f.type === 'string' && !LAYOUT_TYPES.has(f.type) && typeof f.model === 'string' && f.model) out.push(f);
    }
  };
  walk(template.list);
  return out;
}

/** The fields of one batch row or one selectInputList choice, as a template of their own. */
export const childTemplate = (list: unknown): FormTemplate => ({ list: Array.isArray(list) ? (list as FormField[]) : [] });

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/**
 * Whether `v` counts as not filled in for `f`: nothing, an empty string or list, an editor
 * holding only empty markup (`<p><br></p>`), a selectInputList with no choice ticked.
 */
export function isEmptyValue(f: FormField, v: unknown): boolean {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return true;
  if (f.type === 'editor' && typeof v === 'string') return stripHtml(v) === '' && !/<img\b/i.test(v);
  if (f.type === 'selectInputList' && Array.isArray(v)) return !v.some((x) => !!x && typeof x === 'object' && (x as { checked?: unknown }).checked === true);
  return false;
}
