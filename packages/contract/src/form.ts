/**
 * Form templates in the k-form-design JSON shape (`{list, config}`, the form designer of
 * docs/product.md, section 2) and the one validator of submitted `form_data` against a
 * template. The server uses it to refuse bad submissions; the SPA uses it so that the
 * requester sees the same rules before sending. Value checks by type: form-values.ts.
 */
import { checkValue, type CheckContext } from './form-values.ts';
import { childTemplate, fieldLabel, isEmptyValue, templateFields, type FieldError, type FormField, type FormTemplate } from './form-types.ts';

export * from './form-types.ts';
export * from './form-sources.ts';

export interface FormValidation {
  ok: boolean;
  /** Field model -> problems, in the order of the template. */
  errors: Record<string, FieldError[]>;
  /** The submitted values that belong to the template, cleaned; unknown keys dropped. */
  value: Record<string, unknown>;
}

export interface ValidateOptions {
  /** Cleans rich-text (editor) HTML before it is stored; the server passes its sanitiser. */
  sanitizeHtml?: (html: string) => string;
}

/**
 * Validates `data` against `template`: required rules, types, pattern, min/max, options,
 * length, batch rows and selectInputList choices field by field. Keys the template does not
 * know are dropped, never stored.
 */
export function validateFormData(template: FormTemplate, data: unknown, options: ValidateOptions = {}): FormValidation {
  const ctx: CheckContext = { sanitizeHtml: options.sanitizeHtml, validate: (t, d) => validateFormData(t, d, options) };
  const errors: Record<string, FieldError[]> = {};
  const value: Record<string, unknown> = {};
  const input = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const f of templateFields(template)) {
    const v = input[f.model];
    const required = (f.rules ?? []).find((r) => r.required);
    if (isEmptyValue(f, v)) {
      if (required) errors[f.model] = [{ code: 'required', label: fieldLabel(f), message: required.message }];
      continue;
    }
    const r = checkValue(f, v, ctx);
    if (r.error) errors[f.model] = [r.error];
    else value[f.model] = r.value;
  }
  return { ok: Object.keys(errors).length === 0, errors, value };
}

/** The uploads of one upload field, wherever it sits (top level, a batch row, a ticked choice). */
export interface FieldUploads {
  /** The top-level field the error is reported on (the batch or list holding it, if nested). */
  model: string;
  field: FormField;
  keys: string[];
}

/** The uploads a validated form value refers to (the server checks and attaches them to the order). */
export function uploadKeysOf(template: FormTemplate, value: Record<string, unknown>): FieldUploads[] {
  const out: FieldUploads[] = [];
  const walk = (t: FormTemplate, v: Record<string, unknown>, outer?: string) => {
    for (const f of templateFields(t)) {
      const x = v[f.model];
      if (!Array.isArray(x)) continue;
      const model = outer ?? f.model;
      if (f.type === 'uploadFile' || f.type === 'uploadImg') {
        const keys = (x as { fileId: string }[]).map((u) => u.fileId);
        if (keys.length) out.push({ model, field: f, keys });
      } else if (f.type === 'batch') {
        for (const row of x as Record<string, unknown>[]) walk(childTemplate(f.list), row, model);
      } else if (f.type === 'selectInputList') {
        (x as Record<string, unknown>[]).forEach((entry, i) => walk(childTemplate(f.columns?.[i]?.list), entry, model));
      }
    }
  };
  walk(template, value);
  return out;
}

/** A short title for an order: the template name plus the first filled text field. */
export function orderTitle(templateName: string, template: FormTemplate, value: Record<string, unknown>): string {
  const first = templateFields(template).find((f) => ['input', 'textarea'].includes(f.type) && typeof value[f.model] === 'string');
  const text = first ? String(value[first.model]).trim() : '';
  return (text ? `${templateName} - ${text}` : templateName).slice(0, 120);
}
