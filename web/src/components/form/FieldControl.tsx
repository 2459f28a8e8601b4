/**
 * The antd control of one value-carrying field of a k-form-design template (docs/design.md
 * section 16): input, textarea, number, select (multiple), radio, checkbox, date (range,
 * with time), time, switch, rate, slider, color, treeSelect, cascader, rich text (editor),
 * batch rows, selectInputList choices, file and image uploads. It takes `value` and
 * `onChange` from a Form.Item, or from the batch row or choice that holds it.
 */
import { Cascader, Checkbox, ColorPicker, DatePicker, Input, InputNumber, Radio, Rate, Select, Slider, Switch, TimePicker, TreeSelect } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@swo/contract';
import BatchControl from './BatchControl.tsx';
import ChoiceListControl from './ChoiceListControl.tsx';
import { timeFormat } from './formValues.ts';
import { RichTextEditor } from './RichText.tsx';
import { UploadControl, type UploadValue } from './uploads.tsx';

type Opts = NonNullable<FormField['options']>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The height of a textarea of `rows` lines: antd's 22 px line, 4 px padding and 1 px border each side. */
const textareaHeight = (rows: number) => rows * 22 + 10;

/** Props Form.Item injects into its child (value, onChange, id, status...). */
type Injected = Record<string, unknown>;

/** The words "please choose", translated: its own component, so only choosing controls pay for the translation hook. */
function ChoosePlaceholder({ render }: { render: (text: string) => ReactElement }) {
  const { t } = useTranslation();
  return render(t('input.selectPlaceholder'));
}

export default function FieldControl({ field, ...all }: { field: FormField } & Injected) {
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
    case 'editor':
      return (
        <RichTextEditor
          value={injected.value as string | undefined}
          onChange={injected.onChange as (v: string) => void}
          placeholder={placeholder}
          disabled={disabled}
          id={injected.id as string | undefined}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...injected}
          aria-required={required as boolean | undefined}
          placeholder={placeholder}
          maxLength={num(o.maxLength)}
          showCount={!!num(o.maxLength)}
          // Grows with its text by CSS (field-sizing), not antd's autoSize: that measures every
          // textarea with getComputedStyle on mount, 0.3 s of a 200-field form (bench/forms.ts).
          rows={num(o.minRows) ?? 3}
          classNames={{ textarea: 'tpl-textarea' }}
          styles={{ textarea: { minHeight: textareaHeight(num(o.minRows) ?? 3), maxHeight: textareaHeight(num(o.maxRows) ?? 8) } }}
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
    case 'select': {
      const select = (text: string) => (
        <Select
          {...injected}
          mode={o.multiple ? 'multiple' : undefined}
          options={options}
          placeholder={text}
          allowClear
          showSearch={!!(o.showSearch || o.filterable)}
          optionFilterProp="label"
          disabled={disabled}
        />
      );
      return placeholder ? select(placeholder) : <ChoosePlaceholder render={select} />;
    }
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
    case 'treeSelect': {
      const tree = (text: string) => (
        <TreeSelect
          {...injected}
          treeData={o.options ?? []}
          fieldNames={{ label: 'label', value: 'value', children: 'children' }}
          multiple={!!o.multiple}
          treeCheckable={!!o.treeCheckable}
          showSearch={!!o.showSearch}
          treeNodeFilterProp="label"
          allowClear
          treeDefaultExpandAll
          placeholder={text}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      );
      return placeholder ? tree(placeholder) : <ChoosePlaceholder render={tree} />;
    }
    case 'batch':
      return (
        <BatchControl
          field={field}
          value={injected.value as Record<string, unknown>[] | undefined}
          onChange={injected.onChange as (v: Record<string, unknown>[]) => void}
          disabled={disabled}
        />
      );
    case 'selectInputList':
      return (
        <ChoiceListControl
          field={field}
          value={injected.value as Record<string, unknown>[] | undefined}
          onChange={injected.onChange as (v: Record<string, unknown>[]) => void}
          disabled={disabled}
        />
      );
    case 'cascader':
      return <Cascader {...injected} options={(o.options ?? []) as never} placeholder={placeholder} disabled={disabled} style={{ width: '100%' }} />;
    case 'uploadFile':
    case 'uploadImg':
      return (
        <UploadControl
          field={field}
          value={injected.value as UploadValue[] | undefined}
          onChange={injected.onChange as (v: UploadValue[]) => void}
          disabled={disabled}
        />
      );
    default:
      return <Input {...injected} placeholder={placeholder} disabled={disabled} />;
  }
}
