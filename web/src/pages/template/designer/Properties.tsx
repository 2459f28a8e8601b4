/**
 * The selected field's properties, as the field's type offers them: label, model id
 * (unique among value fields, checked as you type), placeholder, width, default value,
 * required and its message, pattern and its message, limits (min, max, step, precision,
 * max length, rows), choices (a static list, or an option source of the company's data),
 * multiple/filterable/clearable, disabled and hidden, upload
 * limits, date format and range, text style; and the form's own settings.
 */
import type { ReactNode } from 'react';
import { Divider, Empty, Form, Input, InputNumber, Radio, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPTION_SOURCES, SOURCE_FIELD_TYPES, sourceOf, type FormField, type FormRule, type FormTemplate } from '@swo/contract';
import { holdsValue } from './fieldTypes.ts';
import LayoutProps from './LayoutProps.tsx';
import OptionsEditor from './OptionsEditor.tsx';
import { MODEL_PATTERN } from './schemaOps.ts';

type Options = NonNullable<FormField['options']>;

interface PropertiesProps {
  field: FormField | null;
  config: NonNullable<FormTemplate['config']>;
  /** Whether another value field already has this model id. */
  modelTaken: (model: string) => boolean;
  onField: (patch: Partial<FormField>) => void;
  onConfig: (patch: Record<string, unknown>) => void;
}

const PLACEHOLDER = new Set(['input', 'textarea', 'number', 'select', 'date', 'time', 'treeSelect', 'cascader', 'editor']);
const WIDTH = new Set(['input', 'textarea', 'number', 'select', 'date', 'time', 'slider', 'uploadFile', 'uploadImg', 'treeSelect', 'cascader', 'editor']);
const CLEARABLE = new Set(['input', 'textarea', 'select', 'date', 'time', 'treeSelect', 'cascader']);
const CHOICES = new Set(['select', 'radio', 'checkbox']);
const TREE_CHOICES = new Set(['treeSelect', 'cascader']);
const RANGE = new Set(['number', 'slider']);
const TEXT_DEFAULT = new Set(['input', 'textarea', 'date', 'time', 'color', 'editor', 'html']);

function Row({ label, children, help, error }: { label: string; children: ReactNode; help?: string; error?: string }) {
  return (
    <Form.Item label={label} help={error ?? help} validateStatus={error ? 'error' : undefined} style={{ marginBottom: 12 }}>
      {children}
    </Form.Item>
  );
}

/** Where a choice field's options come from: its own list, or one of the allow-listed sources (docs/design.md section 16). */
function SourceRow({ field, onField }: Pick<PropertiesProps, 'onField'> & { field: FormField }) {
  const { t } = useTranslation();
  const o: Options = field.options ?? {};
  const source = sourceOf(field);
  // A key the original designer's host served and we do not is kept, and said so.
  const foreign = o.dynamic && !source && typeof o.dynamicKey === 'string' ? o.dynamicKey : null;
  const choices = [
    { value: '', label: t('designer.sources.static') },
    ...OPTION_SOURCES.map((s) => ({ value: s, label: t(`designer.sources.${s}`) })),
    ...(foreign ? [{ value: foreign, label: t('designer.sources.unknown', { key: foreign }) }] : []),
  ];
  return (
    <Row label={t('designer.props.optionSource')} help={source ? t('designer.sourceHelp') : undefined}>
      <Select
        data-testid="prop-source"
        value={source ?? foreign ?? ''}
        options={choices}
        onChange={(v: string) => onField({ options: v ? { dynamic: true, dynamicKey: v } : { dynamic: false } })}
      />
    </Row>
  );
}

function FieldProps({ field, modelTaken, onField }: Omit<PropertiesProps, 'config' | 'onConfig'> & { field: FormField }) {
  const { t } = useTranslation();
  const o: Options = field.options ?? {};
  const type = field.type;
  const value = holdsValue(field);
  const rules: FormRule[] = field.rules?.length ? field.rules : [{ required: false, message: '' }];
  const required = rules[0];
  const pattern = rules.find((r) => r.pattern !== undefined);
  const setOption = (k: string, v: unknown) => onField({ options: { [k]: v } });
  const setRules = (next: FormRule[]) => onField({ rules: next });
  const modelError = !field.model
    ? t('designer.modelRequired')
    : !MODEL_PATTERN.test(field.model)
      ? t('designer.modelPattern')
      : modelTaken(field.model)
        ? t('designer.modelTaken')
        : undefined;
  const p = (k: string) => t(`designer.props.${k}`);
  return (
    <Form layout="vertical" size="small" data-testid="field-properties">
      <Row label={p('label')}>
        <Input value={field.label} onChange={(e) => onField({ label: e.target.value })} data-testid="prop-label" />
      </Row>
      <LayoutProps field={field} onField={onField} />
      {value ? (
        <Row label={p('model')} error={modelError} help={t('designer.modelHelp')}>
          <Input value={field.model} onChange={(e) => onField({ model: e.target.value.trim() })} data-testid="prop-model" />
        </Row>
      ) : null}
      {PLACEHOLDER.has(type) ? (
        <Row label={p('placeholder')}>
          <Input value={o.placeholder ?? ''} onChange={(e) => setOption('placeholder', e.target.value)} />
        </Row>
      ) : null}
      {WIDTH.has(type) ? (
        <Row label={p('width')}>
          <Input value={(o.width as string) ?? '100%'} onChange={(e) => setOption('width', e.target.value)} />
        </Row>
      ) : null}
      {TEXT_DEFAULT.has(type) ? (
        <Row label={p('defaultValue')}>
          <Input.TextArea autoSize value={(o.defaultValue as string) ?? ''} onChange={(e) => setOption('defaultValue', e.target.value)} />
        </Row>
      ) : null}
      {RANGE.has(type) || type === 'rate' ? (
        <Row label={p('defaultValue')}>
          <InputNumber style={{ width: '100%' }} value={(o.defaultValue as number) ?? null} onChange={(v) => setOption('defaultValue', v)} />
        </Row>
      ) : null}
      {type === 'switch' ? (
        <Row label={p('defaultValue')}>
          <Switch checked={!!o.defaultValue} onChange={(v) => setOption('defaultValue', v)} />
        </Row>
      ) : null}
      {RANGE.has(type) ? (
        <>
          <Row label={p('min')}>
            <InputNumber style={{ width: '100%' }} value={o.min ?? null} onChange={(v) => setOption('min', v)} />
          </Row>
          <Row label={p('max')}>
            <InputNumber style={{ width: '100%' }} value={o.max ?? null} onChange={(v) => setOption('max', v)} />
          </Row>
          <Row label={p('step')}>
            <InputNumber style={{ width: '100%' }} min={0} value={o.step ?? null} onChange={(v) => setOption('step', v)} />
          </Row>
        </>
      ) : null}
      {type === 'number' ? (
        <Row label={p('precision')}>
          <InputNumber style={{ width: '100%' }} min={0} max={10} precision={0} value={o.precision ?? null} onChange={(v) => setOption('precision', v)} />
        </Row>
      ) : null}
      {type === 'rate' ? (
        <Row label={p('max')}>
          <InputNumber style={{ width: '100%' }} min={1} max={10} precision={0} value={o.max ?? 5} onChange={(v) => setOption('max', v)} />
        </Row>
      ) : null}
      {type === 'input' || type === 'textarea' ? (
        <Row label={p('maxLength')}>
          <InputNumber style={{ width: '100%' }} min={1} max={5000} precision={0} value={o.maxLength ?? null} onChange={(v) => setOption('maxLength', v)} />
        </Row>
      ) : null}
      {type === 'textarea' ? (
        <Row label={p('rows')}>
          <InputNumber style={{ width: '100%' }} min={1} max={20} precision={0} value={(o.minRows as number) ?? 4} onChange={(v) => setOption('minRows', v)} />
        </Row>
      ) : null}
      {SOURCE_FIELD_TYPES.has(type) ? <SourceRow field={field} onField={onField} /> : null}
      {(CHOICES.has(type) || TREE_CHOICES.has(type)) && !o.dynamic ? (
        <Row label={p('options')}>
          <OptionsEditor value={o.options ?? []} onChange={(v) => setOption('options', v)} tree={TREE_CHOICES.has(type)} />
        </Row>
      ) : null}
      {type === 'date' ? (
        <>
          <Row label={p('format')}>
            <Select
              value={o.format ?? 'YYYY-MM-DD'}
              onChange={(v: string) => onField({ options: { format: v, showTime: v.includes('HH') } })}
              options={['YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'].map((v) => ({ value: v, label: v }))}
            />
          </Row>
          <Row label={p('range')}>
            <Switch checked={!!o.range} onChange={(v) => setOption('range', v)} />
          </Row>
        </>
      ) : null}
      {type === 'time' ? (
        <Row label={p('format')}>
          <Select
            value={o.format ?? 'HH:mm:ss'}
            onChange={(v: string) => setOption('format', v)}
            options={['HH:mm:ss', 'HH:mm'].map((v) => ({ value: v, label: v }))}
          />
        </Row>
      ) : null}
      {type === 'uploadFile' || type === 'uploadImg' ? (
        <>
          <Row label={p('limit')}>
            <InputNumber style={{ width: '100%' }} min={1} max={20} precision={0} value={(o.limit as number) ?? 3} onChange={(v) => setOption('limit', v)} />
          </Row>
          <Row label={p('maxSize')}>
            <InputNumber
              style={{ width: '100%' }}
              min={1}
              max={50}
              precision={0}
              value={(o.maxSize as number) ?? 10}
              onChange={(v) => setOption('maxSize', v)}
            />
          </Row>
          {type === 'uploadFile' ? (
            <Row label={p('accept')} help={t('designer.acceptHelp')}>
              <Input value={(o.accept as string) ?? ''} onChange={(e) => setOption('accept', e.target.value)} />
            </Row>
          ) : null}
        </>
      ) : null}
      {type === 'text' ? (
        <>
          <Row label={p('textAlign')}>
            <Radio.Group
              optionType="button"
              value={o.textAlign ?? 'left'}
              onChange={(e) => setOption('textAlign', e.target.value)}
              options={['left', 'center', 'right'].map((v) => ({ value: v, label: t(`designer.align.${v}`) }))}
            />
          </Row>
          <Row label={p('fontSize')}>
            <Input value={(o.fontSize as string) ?? '16pt'} onChange={(e) => setOption('fontSize', e.target.value)} />
          </Row>
        </>
      ) : null}
      {type === 'alert' ? (
        <Row label={p('description')}>
          <Input.TextArea autoSize value={(o.description as string) ?? ''} onChange={(e) => setOption('description', e.target.value)} />
        </Row>
      ) : null}
      <Divider style={{ margin: '8px 0 12px' }} />
      {value ? (
        <>
          <Row label={p('required')}>
            <Switch checked={!!required.required} onChange={(v) => setRules([{ ...required, required: v }, ...rules.slice(1)])} data-testid="prop-required" />
          </Row>
          {required.required ? (
            <Row label={p('requiredMessage')}>
              <Input value={required.message ?? ''} onChange={(e) => setRules([{ ...required, message: e.target.value }, ...rules.slice(1)])} />
            </Row>
          ) : null}
          {type === 'input' || type === 'textarea' ? (
            <>
              <Row label={p('pattern')} help={t('designer.patternHelp')}>
                <Input
                  value={pattern?.pattern ?? ''}
                  onChange={(e) =>
                    setRules([
                      rules[0],
                      ...(e.target.value ? [{ pattern: e.target.value, message: pattern?.message ?? '' }] : []),
                      ...rules.slice(1).filter((r) => r.pattern === undefined),
                    ])
                  }
                />
              </Row>
              {pattern ? (
                <Row label={p('patternMessage')}>
                  <Input value={pattern.message ?? ''} onChange={(e) => setRules(rules.map((r) => (r === pattern ? { ...r, message: e.target.value } : r)))} />
                </Row>
              ) : null}
            </>
          ) : null}
          {type === 'select' ? (
            <>
              <Row label={p('multiple')}>
                <Switch checked={!!o.multiple} onChange={(v) => setOption('multiple', v)} />
              </Row>
              <Row label={p('filterable')}>
                <Switch checked={!!o.showSearch} onChange={(v) => setOption('showSearch', v)} />
              </Row>
            </>
          ) : null}
          {CLEARABLE.has(type) ? (
            <Row label={p('clearable')}>
              <Switch checked={!!o.clearable} onChange={(v) => setOption('clearable', v)} />
            </Row>
          ) : null}
          <Row label={p('disabled')}>
            <Switch checked={!!o.disabled} onChange={(v) => setOption('disabled', v)} />
          </Row>
        </>
      ) : null}
      <Row label={p('hidden')}>
        <Switch checked={!!o.hidden} onChange={(v) => setOption('hidden', v)} data-testid="prop-hidden" />
      </Row>
    </Form>
  );
}

function FormProps({ config, onConfig }: Pick<PropertiesProps, 'config' | 'onConfig'>) {
  const { t } = useTranslation();
  const span = (config.labelCol as { span?: number } | undefined)?.span ?? 4;
  return (
    <Form layout="vertical" size="small" data-testid="form-properties">
      <Row label={t('designer.form.layout')}>
        <Radio.Group
          optionType="button"
          value={config.layout ?? 'horizontal'}
          onChange={(e) => onConfig({ layout: e.target.value as string })}
          options={['horizontal', 'vertical', 'inline'].map((v) => ({ value: v, label: t(`designer.form.layouts.${v}`) }))}
        />
      </Row>
      <Row label={t('designer.form.labelSpan')} help={t('designer.form.labelSpanHelp')}>
        <InputNumber
          min={1}
          max={23}
          precision={0}
          value={span}
          onChange={(v) => v && onConfig({ labelCol: { span: v }, wrapperCol: { span: 24 - v } })}
          style={{ width: '100%' }}
        />
      </Row>
      <Row label={t('designer.form.size')}>
        <Radio.Group
          optionType="button"
          value={config.size ?? 'middle'}
          onChange={(e) => onConfig({ size: e.target.value as string })}
          options={['small', 'middle', 'large'].map((v) => ({ value: v, label: t(`designer.form.sizes.${v}`) }))}
        />
      </Row>
      <Row label={t('designer.form.hideRequiredMark')}>
        <Switch checked={!!config.hideRequiredMark} onChange={(v) => onConfig({ hideRequiredMark: v })} />
      </Row>
    </Form>
  );
}

export default function Properties(props: PropertiesProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'field',
          label: t('designer.fieldTab'),
          children: props.field ? <FieldProps {...props} field={props.field} /> : <Empty description={t('designer.noSelection')} />,
        },
        { key: 'form', label: t('designer.formTab'), children: <FormProps config={props.config} onConfig={props.onConfig} /> },
      ]}
    />
  );
}
