/**
 * The template form of a rejected order, pre-filled with its form data. Before sending,
 * the values are checked with the contract's `validateFormData` (the server's rules) and
 * problems are marked on the fields; field errors of a 400 reply are marked the same way.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { templateFields, validateFormData, type FormTemplate } from '@swo/contract';
import { ApiError } from '../../app/request.ts';
import { fieldMessage } from '../../components/form/fieldMessage.ts';
import { toControlValue, wireValues } from '../../components/form/formValues.ts';
import TemplateNodes from '../../components/form/TemplateNodes.tsx';

interface Values {
  form?: Record<string, unknown>;
}

type FieldUpdate = { name: [string, string]; errors: string[] };

export default function EditForm({ template, data, onSubmit }: {
  template: FormTemplate;
  data: Record<string, unknown>;
  onSubmit: (formData: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [checked, setChecked] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const fields = useMemo(() => templateFields(template), [template]);
  const initial = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = toControlValue(f, data[f.model]);
      if (v !== undefined) out[f.model] = v;
    }
    return { form: out };
  }, [fields, data]);

  /** Marks the fields (all, or `only`) with their problems. Returns true when all is well. */
  const check = (values: Values, only?: Set<string>): boolean => {
    const result = validateFormData(template, wireValues(fields, values.form ?? {}));
    const updates: FieldUpdate[] = fields
      .filter((f) => !only || only.has(f.model))
      .map((f) => ({ name: ['form', f.model], errors: (result.errors[f.model] ?? []).map(fieldMessage) }));
    form.setFields(updates);
    return result.ok;
  };

  const markServerErrors = (e: ApiError) => {
    const models = new Set(fields.map((f) => f.model));
    const updates: FieldUpdate[] = [];
    const rest: string[] = [];
    for (const [key, messages] of Object.entries(e.fieldErrors)) {
      const k = key.replace(/^form_data\./, '');
      if (models.has(k)) updates.push({ name: ['form', k], errors: messages });
      else rest.push(...messages);
    }
    if (updates.length) form.setFields(updates);
    if (rest.length) setGeneral(rest);
  };

  const submit = async () => {
    setChecked(true);
    setGeneral([]);
    const values = form.getFieldsValue(true) as Values;
    if (!check(values)) {
      const first = form.getFieldsError().find((x) => x.errors.length);
      if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(validateFormData(template, wireValues(fields, values.form ?? {})).value);
    } catch (e) {
      if (e instanceof ApiError) markServerErrors(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onValuesChange={(changed: Values) => {
        if (checked) check(form.getFieldsValue(true) as Values, new Set(Object.keys(changed.form ?? {})));
      }}
      className="template-form"
    >
      <TemplateNodes list={template.list} />
      {general.length ? <Alert type="error" showIcon message={general.join('；')} style={{ marginBottom: 16 }} /> : null}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block icon={<SendOutlined />} loading={submitting} data-testid="portal-resubmit">
          {t('portal.edit.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
