/**
 * One value-carrying field of a k-form-design template inside a Form.Item named
 * ['form', model], its control drawn by FieldControl. Validation is not antd's: the page
 * runs the contract's validator (the server's rules).
 */
import { Form } from 'antd';
import { fieldLabel, type FormField } from '@swo/contract';
import FieldControl from './FieldControl.tsx';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export default function TemplateField({ field }: { field: FormField }) {
  const required = (field.rules ?? []).some((r) => r.required);
  const help = str(field.options?.help);
  return (
    <Form.Item
      name={['form', field.model]}
      label={fieldLabel(field)}
      required={required}
      extra={help}
      valuePropName={field.type === 'switch' ? 'checked' : 'value'}
      getValueFromEvent={field.type === 'color' ? (color: { toHexString?: () => string }) => color?.toHexString?.() : undefined}
      className={`tpl-field tpl-field-${field.type}`}
    >
      <FieldControl field={field} />
    </Form.Item>
  );
}
