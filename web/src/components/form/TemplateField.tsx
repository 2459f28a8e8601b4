/**
 * One value-carrying field of a k-form-design template as an antd control inside a
 * Form.Item named ['form', model]: input, textarea, number, select (multiple), radio,
 * checkbox, date (range, with time), time, switch, rate, slider, color, cascader, editor.
 * Validation is not antd's: the page runs the contract's validator (the server's rules).
 */
import { Alert, Cascader, Checkbox, ColorPicker, DatePicker, Form, Input, InputNumber, Radio, Rate, Select, Slider, Switch, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@swo/contract';
import { timeFormat } from './formValues.ts';

type Opts = NonNullable<FormField['options']>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Props Form.Item injects into its child (value, onChange, id, status...). */
type Injected = Record<string, unknown>;

function Control({ field, ...all }: { field: FormField } & Injected) {
  const { t } = useTranslation();
  // aria-required is only valid on form controls: Select and the groups would put it on a
  // plain div; they get none.
  const { 'aria-required': required, ...injected } = all;
  const o: Opts = field.options ?? {};
  const placeholder = str(o.placeholder);
  const disabled = !!o.disabled;
  const options = (o.options ?? []).map((x) => ({ value: x.value, label: x.label }));
  switch (field.type) {
    case 'input':
      return (
        <Input
          {...injected}
          aria-required={required as boolean | undefined}
          placeholder={placeholder}
          maxLength={num(o.maxLength)}
          allowClear={!!o.clearable}
          disabled={disabled}
        />
      );
    case 'textarea':
    case 'editor':
      return (
        <Input.TextArea
          {...injected}
          aria-required={required as boolean | undefined}
          placeholder={placeholder}
          maxLength={num(o.maxLength)}
          showCount={!!num(o.maxLength)}
          autoSize={{ minRows: num(o.minRows) ?? 3, maxRows: num(o.maxRows) ?? 8 }}
          disabled={disabled}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...injected}
          style={{ width: '100%', maxWidth: 280 }}
          min={num(o.min)}
          max={num(o.max)}
          step={num(o.step) ?? 1}
          precision={num(o.precision)}
          placeholder={placeholder}
          disabled={disabled}
        />
      );
    case 'select':
      return (
        <Select
          {...injected}
          mode={o.multiple ? 'multiple' : undefined}
          options={options}
          placeholder={placeholder ?? t('input.selectPlaceholder')}
          allowClear
          showSearch={!!(o.showSearch || o.filterable)}
          optionFilterProp="label"
          disabled={disabled}
        />
      );
    case 'radio':
      return <Radio.Group {...injected} options={options} disabled={disabled} />;
    case 'checkbox':
      return <Checkbox.Group {...injected} options={options} disabled={disabled} />;
    case 'date': {
      const fmt = str(o.format) ?? 'YYYY-MM-DD';
      const showTime = /H/.test(fmt);
      return o.range ? (
        <DatePicker.RangePicker {...injected} showTime={showTime} format={fmt} disabled={disabled} style={{ width: '100%', maxWidth: 420 }} />
      ) : (
        <DatePicker {...injected} showTime={showTime} format={fmt} placeholder={placeholder} disabled={disabled} style={{ width: '100%', maxWidth: 280 }} />
      );
    }
    case 'time':
      return <TimePicker {...injected} format={timeFormat(field)} placeholder={placeholder} disabled={disabled} style={{ width: '100%', maxWidth: 280 }} />;
    case 'switch':
      return <Switch {...injected} disabled={disabled} />;
    case 'rate':
      return <Rate {...injected} count={num(o.max) ?? 5} allowHalf={!!o.allowHalf} disabled={disabled} />;
    case 'slider':
      return <Slider {...injected} min={num(o.min) ?? 0} max={num(o.max) ?? 100} step={num(o.step) ?? 1} disabled={disabled} />;
    case 'color':
      return <ColorPicker {...injected} showText disabled={disabled} />;
    case 'cascader':
      return <Cascader {...injected} options={(o.options ?? []) as never} placeholder={placeholder} disabled={disabled} style={{ width: '100%' }} />;
    case 'uploadFile':
    case 'uploadImg':
      return <Alert type="info" showIcon message={t('input.uploadUnavailable')} />;
    default:
      return <Input {...injected} placeholder={placeholder} disabled={disabled} />;
  }
}

export default function TemplateField({ field }: { field: FormField }) {
  const required = (field.rules ?? []).some((r) => r.required);
  const help = str(field.options?.help);
  return (
    <Form.Item
      name={['form', field.model]}
      label={field.label}
      required={required}
      extra={help}
      valuePropName={field.type === 'switch' ? 'checked' : 'value'}
      getValueFromEvent={field.type === 'color' ? (color: { toHexString?: () => string }) => color?.toHexString?.() : undefined}
      className={`tpl-field tpl-field-${field.type}`}
    >
      <Control field={field} />
    </Form.Item>
  );
}
