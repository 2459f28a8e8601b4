/** Small builders of k-form-design fields for the demo templates. */
import type { FormField, FormTemplate } from '@swo/contract';

type Opts = FormField['options'];

const opts = (labels: string[]) => labels.map((l, i) => ({ value: String(i + 1), label: l }));

let n = 0;
function field(type: string, label: string, model: string, options: Opts = {}, required = false, pattern?: [string, string]): FormField {
  n += 1;
  const rules: FormField['rules'] = [{ required, message: `请填写${label}` }];
  if (pattern) rules.push({ pattern: pattern[0], message: pattern[1] });
  return { type, label, model, key: `${type}_${n}`, options: { width: '100%', ...options }, rules };
}

export const f = {
  input: (label: string, model: string, required = false, pattern?: [string, string], placeholder = `请输入${label}`) =>
    field('input', label, model, { placeholder, maxLength: 100 }, required, pattern),
  textarea: (label: string, model: string, required = false, maxLength = 500) =>
    field('textarea', label, model, { placeholder: `请输入${label}`, maxLength, rows: 4 }, required),
  number: (label: string, model: string, min: number, max: number, required = false) =>
    field('number', label, model, { min, max, step: 1, precision: 0, placeholder: `请输入${label}` }, required),
  select: (label: string, model: string, labels: string[], required = false, multiple = false) =>
    field('select', label, model, { options: opts(labels), multiple, placeholder: `请选择${label}` }, required),
  radio: (label: string, model: string, labels: string[], required = false) =>
    field('radio', label, model, { options: opts(labels), defaultValue: '1' }, required),
  checkbox: (label: string, model: string, labels: string[], required = false) =>
    field('checkbox', label, model, { options: opts(labels), defaultValue: [] }, required),
  date: (label: string, model: string, required = false) =>
    field('date', label, model, { format: 'YYYY-MM-DD', range: false, placeholder: `请选择${label}` }, required),
  switch: (label: string, model: string) => field('switch', label, model, { defaultValue: false }),
};

export function template(list: FormField[]): FormTemplate {
  return { list, config: { layout: 'horizontal', labelCol: { span: 5 }, wrapperCol: { span: 18 }, hideRequiredMark: false } };
}
