/** The order's form data with its template's labels (option labels, not raw values); narrower labels on phones. */
import { Descriptions, Empty } from 'antd';
import { templateFields, type FormTemplate } from '@swo/contract';
import { useFieldValueRenderer } from '../workorder/FormDataView.tsx';
import { asTemplate } from './template.ts';

export default function PortalFormData({ schema, data }: { schema: unknown; data: Record<string, unknown> }) {
  const render = useFieldValueRenderer();
  const template: FormTemplate = asTemplate(schema);
  const fields = templateFields(template);
  if (fields.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Descriptions
      className="portal-form-data"
      bordered
      size="small"
      column={1}
      items={fields.map((f) => ({ key: f.model, label: f.label || f.model, children: render(f, data?.[f.model]) }))}
    />
  );
}
