/**
 * The submitted form data of an order, shown with its template's labels: option labels for
 * select/radio/checkbox values, yes/no for switches, ranges joined, files as links.
 */
import { Descriptions, Empty, Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateFields, type FormField, type FormTemplate } from '@swo/contract';
import type { ReactNode } from 'react';

function optionLabel(f: FormField, v: unknown): string {
  const o = (f.options?.options ?? []).find((x) => String(x.value) === String(v));
  return o ? o.label : String(v);
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Text (or element) for one value of a field. */
export function useFieldValueRenderer() {
  const { t } = useTranslation();
  return (f: FormField, v: unknown): ReactNode => {
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
        return Array.isArray(v)
          ? v.map((file, i) => {
              const x = file as { url?: string; name?: string };
              return (
                <div key={i}>
                  <a href={x.url} target="_blank" rel="noreferrer">
                    {x.name || x.url}
                  </a>
                </div>
              );
            })
          : String(v);
      default:
        if (Array.isArray(v)) return v.map(String).join(' / ');
        if (typeof v === 'object') return JSON.stringify(v);
        return <span style={{ whiteSpace: 'pre-wrap' }}>{typeof v === 'string' ? v : (JSON.stringify(v) ?? '')}</span>;
    }
  };
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
      items={fields.map((f) => ({ key: f.model, label: f.label || f.model, children: render(f, data?.[f.model]) }))}
    />
  );
}
