/**
 * The submitted form data of an order, shown with its template's labels: option labels for
 * select/radio/checkbox/treeSelect values and cascader paths, yes/no for switches, ranges
 * joined, rich text sanitised, batch rows as a table, ticked choices with their fields,
 * images as thumbnails and files as downloads.
 */
import { Descriptions, Empty, Rate, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel, templateFields, type FieldOption, type FormField, type FormTemplate } from '@swo/contract';
import type { ReactNode } from 'react';
import { RichTextView } from '../../components/form/RichText.tsx';
import { UploadedFiles } from '../../components/form/uploads.tsx';

function optionLabel(f: FormField, v: unknown): string {
  const o = (f.options?.options ?? []).find((x) => String(x.value) === String(v));
  return o ? o.label : String(v);
}

/** The label of a value anywhere in an option tree (treeSelect). */
function treeLabel(options: FieldOption[] | undefined, v: unknown): string | undefined {
  for (const o of options ?? []) {
    if (String(o.value) === String(v)) return o.label;
    const inner = treeLabel(o.children, v);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The labels along a cascader path. */
function pathLabels(options: FieldOption[] | undefined, path: unknown[]): string[] {
  let level = options ?? [];
  return path.map((step) => {
    const node = level.find((o) => String(o.value) === String(step));
    level = node?.children ?? [];
    return node ? node.label : String(step);
  });
}

const childFields = (list: unknown): FormField[] => (Array.isArray(list) ? (list as FormField[]).filter((c) => c && typeof c === 'object' && c.model) : []);

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Text (or element) for one value of a field. */
export function useFieldValueRenderer() {
  const { t } = useTranslation();
  const render = (f: FormField, v: unknown): ReactNode => {
    if (isEmpty(v)) return <span className="form-value-empty">-</span>;
    switch (f.type) {
      case 'select':
      case 'radio':
      case 'checkbox':
        return Array.isArray(v) ? v.map((x) => optionLabel(f, x)).join('、') : optionLabel(f, v);
      case 'switch':
        return v ? t('common.yes') : t('common.no');
      case 'rate':
        return <Rate disabled value={Number(v)} count={typeof f.options?.max === 'number' ? f.options.max : 5} />;
      case 'date':
        return Array.isArray(v) ? v.join(' ~ ') : String(v);
      case 'color':
        return (
          <span>
            <span style={{ display: 'inline-block', width: 14, height: 14, background: String(v), borderRadius: 3, verticalAlign: -2, marginRight: 6 }} />
            {String(v)}
          </span>
        );
      case 'uploadFile':
      case 'uploadImg':
        return <UploadedFiles field={f} value={v} />;
      case 'treeSelect':
        return (Array.isArray(v) ? v : [v]).map((x) => treeLabel(f.options?.options, x) ?? String(x)).join('、');
      case 'cascader':
        return Array.isArray(v) ? pathLabels(f.options?.options, v).join(' / ') : String(v);
      case 'editor':
        return typeof v === 'string' ? <RichTextView html={v} /> : null;
      case 'batch': {
        const children = childFields(f.list);
        const rows = (Array.isArray(v) ? v : []) as Record<string, unknown>[];
        return (
          <Table<Record<string, unknown>>
            className="form-value-batch"
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            rowKey={(r) => (typeof r.key === 'string' || typeof r.key === 'number' ? String(r.key) : String(rows.indexOf(r)))}
            dataSource={rows}
            columns={[
              { title: '#', key: '_seq', width: 48, align: 'center', render: (_: unknown, __: unknown, i: number) => i + 1 },
              ...children.map((c) => ({ title: fieldLabel(c), key: c.model, render: (_: unknown, r: Record<string, unknown>) => render(c, r[c.model]) })),
            ]}
          />
        );
      }
      case 'selectInputList': {
        const ticked = (Array.isArray(v) ? v : []).map((e, i) => [e, i] as const).filter(([e]) => (e as { checked?: unknown })?.checked === true);
        return (
          <div className="form-value-choices">
            {ticked.map(([e, i]) => {
              const entry = e as Record<string, unknown>;
              const fields = childFields(f.columns?.[i]?.list).filter((c) => entry[c.model] !== undefined && entry[c.model] !== null && entry[c.model] !== '');
              return (
                <div key={i}>
                  <strong>{[entry.label, f.columns?.[i]?.label].find((x) => typeof x === 'string' || typeof x === 'number') ?? ''}</strong>
                  {fields.map((c) => (
                    <span key={c.model}>
                      {' · '}
                      {fieldLabel(c)}: {render(c, entry[c.model])}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        );
      }
      default:
        if (Array.isArray(v)) return v.map(String).join(' / ');
        if (typeof v === 'object') return JSON.stringify(v);
        return <span style={{ whiteSpace: 'pre-wrap' }}>{typeof v === 'string' ? v : (JSON.stringify(v) ?? '')}</span>;
    }
  };
  return render;
}

export default function FormDataView({ schema, data }: { schema: unknown; data: Record<string, unknown> }) {
  const render = useFieldValueRenderer();
  const template = (schema && typeof schema === 'object' ? schema : { list: [] }) as FormTemplate;
  const fields = templateFields({ list: Array.isArray(template.list) ? template.list : [] });
  if (fields.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      labelStyle={{ width: 160 }}
      items={fields.map((f) => ({ key: f.model, label: fieldLabel(f), children: render(f, data?.[f.model]) }))}
    />
  );
}
