/**
 * The designer's palette: every field type of k-form-design 3.8 (docs/design.md,
 * "Templates"; SPEC section 2) with the options a new field starts with, in the JSON shape
 * the original designer writes, so forms move between the two. `newField` makes one with
 * a fresh key; its model id is the key, as in the original (layouts and static elements
 * carry one too, but only value fields must keep theirs unique).
 */
import type { FormField } from '@swo/contract';

export type PaletteGroup = 'basic' | 'layout';

export interface FieldType {
  type: string;
  group: PaletteGroup;
  /** Options a new field of this type starts with. */
  options: Record<string, unknown>;
  /** Layouts hold other fields; static elements hold no value (no model, no rules). */
  kind?: 'layout' | 'static';
  /** Extra top-level parts of layouts (columns, trs, list). */
  extra?: () => Partial<FormField> & Record<string, unknown>;
}

const choice = (n: number) => Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: `选项${i + 1}` }));
const common = { hidden: false, disabled: false };

export const FIELD_TYPES: readonly FieldType[] = [
  { type: 'input', group: 'basic', options: { type: 'text', width: '100%', defaultValue: '', placeholder: '', clearable: false, maxLength: null, ...common } },
  {
    type: 'textarea',
    group: 'basic',
    options: { width: '100%', minRows: 4, maxRows: 6, maxLength: null, defaultValue: '', clearable: false, placeholder: '', ...common },
  },
  { type: 'number', group: 'basic', options: { width: '100%', defaultValue: 0, min: null, max: null, precision: null, step: 1, placeholder: '', ...common } },
  {
    type: 'select',
    group: 'basic',
    options: {
      width: '100%',
      multiple: false,
      clearable: false,
      showSearch: false,
      placeholder: '',
      dynamic: false,
      dynamicKey: '',
      options: choice(2),
      ...common,
    },
  },
  { type: 'checkbox', group: 'basic', options: { defaultValue: [], dynamic: false, dynamicKey: '', options: choice(3), ...common } },
  { type: 'radio', group: 'basic', options: { defaultValue: '', dynamic: false, dynamicKey: '', options: choice(3), ...common } },
  {
    type: 'date',
    group: 'basic',
    options: {
      width: '100%',
      defaultValue: '',
      rangeDefaultValue: [],
      range: false,
      showTime: false,
      clearable: false,
      placeholder: '',
      format: 'YYYY-MM-DD',
      ...common,
    },
  },
  { type: 'time', group: 'basic', options: { width: '100%', defaultValue: '', clearable: false, placeholder: '', format: 'HH:mm:ss', ...common } },
  { type: 'rate', group: 'basic', options: { defaultValue: 0, max: 5, allowHalf: false, ...common } },
  { type: 'slider', group: 'basic', options: { width: '100%', defaultValue: 0, min: 0, max: 100, step: 1, showInput: false, ...common } },
  { type: 'color', group: 'basic', options: { defaultValue: 'rgb(61, 61, 61)', ...common } },
  { type: 'switch', group: 'basic', options: { defaultValue: false, ...common } },
  {
    type: 'uploadFile',
    group: 'basic',
    options: {
      defaultValue: '[]',
      multiple: false,
      drag: false,
      width: '100%',
      limit: 3,
      fileName: 'file',
      data: '{}',
      headers: {},
      action: '',
      accept: '',
      maxSize: 10,
      ...common,
    },
  },
  {
    type: 'uploadImg',
    group: 'basic',
    options: {
      defaultValue: '[]',
      multiple: false,
      width: '100%',
      limit: 3,
      fileName: 'image',
      data: '{}',
      headers: {},
      action: '',
      listType: 'picture-card',
      maxSize: 5,
      ...common,
    },
  },
  {
    type: 'treeSelect',
    group: 'basic',
    options: {
      width: '100%',
      multiple: false,
      clearable: false,
      showSearch: false,
      treeCheckable: false,
      placeholder: '',
      dynamic: false,
      dynamicKey: '',
      options: [
        { value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] },
        { value: '2', label: '选项2' },
      ],
      ...common,
    },
  },
  {
    type: 'cascader',
    group: 'basic',
    options: {
      width: '100%',
      showSearch: false,
      clearable: false,
      placeholder: '',
      dynamic: false,
      dynamicKey: '',
      options: [
        { value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] },
        { value: '2', label: '选项2' },
      ],
      ...common,
    },
  },
  { type: 'batch', group: 'basic', options: { scrollY: 0, showLabel: false, hideSequence: false, width: '100%', ...common }, extra: () => ({ list: [] }) },
  {
    type: 'selectInputList',
    group: 'basic',
    options: { multiple: true, showLabel: false, width: '100%', ...common },
    extra: () => ({ columns: choice(2).map((c) => ({ ...c, list: [] })) }),
  },
  { type: 'editor', group: 'basic', options: { height: 300, placeholder: '', defaultValue: '', showLabel: false, width: '100%', ...common } },
  { type: 'button', group: 'basic', kind: 'static', options: { type: 'primary', handle: 'submit', dynamicFun: '', ...common } },
  { type: 'alert', group: 'basic', kind: 'static', options: { type: 'info', description: '', showIcon: true, banner: false, closable: false, hidden: false } },
  {
    type: 'text',
    group: 'basic',
    kind: 'static',
    options: { textAlign: 'left', hidden: false, showRequiredMark: false, color: 'rgb(0, 0, 0)', fontFamily: 'SimHei', fontSize: '16pt' },
  },
  // The hint the default palette holds: small SimHei text, left aligned (SPEC section 2).
  {
    type: 'hint',
    group: 'basic',
    kind: 'static',
    options: { textAlign: 'left', hidden: false, showRequiredMark: false, color: 'rgb(89, 89, 89)', fontFamily: 'SimHei', fontSize: '10.5pt' },
  },
  { type: 'html', group: 'basic', kind: 'static', options: { hidden: false, defaultValue: '<strong>HTML</strong>' } },
  { type: 'divider', group: 'layout', kind: 'static', options: { orientation: 'left' } },
  { type: 'card', group: 'layout', kind: 'layout', options: {}, extra: () => ({ list: [] }) },
  {
    type: 'tabs',
    group: 'layout',
    kind: 'layout',
    options: { tabBarGutter: null, type: 'line', tabPosition: 'top', size: 'default', animated: true },
    extra: () => ({ columns: choice(2).map((c) => ({ ...c, list: [] })) }),
  },
  {
    type: 'grid',
    group: 'layout',
    kind: 'layout',
    options: { gutter: 0 },
    extra: () => ({
      columns: [
        { span: 12, list: [] },
        { span: 12, list: [] },
      ],
    }),
  },
  {
    type: 'table',
    group: 'layout',
    kind: 'layout',
    options: { width: '100%', bordered: true, bright: false, small: true, customStyle: '' },
    extra: () => ({
      trs: [0, 1].map(() => ({
        tds: [
          { colspan: 1, rowspan: 1, list: [] },
          { colspan: 1, rowspan: 1, list: [] },
        ],
      })),
    }),
  },
];

const BY_TYPE = new Map(FIELD_TYPES.map((f) => [f.type, f]));
export const fieldType = (type: string): FieldType | undefined => BY_TYPE.get(type);

/** Whether a field holds a value of the form (and so has a model id and rules). */
export const holdsValue = (field: FormField): boolean => {
  const known = fieldType(field.type);
  return known ? !known.kind : !!field.model;
};

let seq = 0;
/** A key unique in this page's life: the type, the time and a counter (as k-form-design: `input_1700000000000`). */
export function newKey(type: string, now = Date.now()): string {
  seq += 1;
  return `${type}_${now}${seq > 1 ? `_${seq}` : ''}`;
}

/** A new field of `type` labelled `label`; the hint is a `text` element in the JSON. */
export function newField(type: string, label: string, now = Date.now()): FormField {
  const def = fieldType(type);
  if (!def) throw new Error(`unknown field type ${type}`);
  const jsonType = type === 'hint' ? 'text' : type;
  const key = newKey(jsonType, now);
  const field: FormField & Record<string, unknown> = {
    type: jsonType,
    label,
    options: structuredClone(def.options),
    model: key,
    key,
    ...(def.kind ? {} : { rules: [{ required: false, message: '' }] }),
    ...(def.extra?.() ?? {}),
  };
  return field;
}
