/**
 * A requester's form: the template's fields plus (unless `withRequester` is false, as when
 * a rejected order is edited) the requester's name and phone, pre-filled from `data` when
 * given. Before
 * sending, the values are checked with the contract's `validateFormData` (the server's
 * rules) and the requester fields with the contract's schemas; problems are marked on the
 * fields. Field errors of a 400 reply are marked the same way.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Form, Input, theme } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createWorkBody, templateFields, validateFormData, type FormTemplate } from '@swo/contract';
import { ApiError } from '../../app/request.ts';
import { fieldMessage } from './fieldMessage.ts';
import { initialValues, wireValues } from './formValues.ts';
import { PlainItemFrame } from './TemplateField.tsx';
import TemplateNodes from './TemplateNodes.tsx';
import { useProgressiveList } from './useProgressiveList.ts';

export interface RequesterSubmission {
  form_data: Record<string, unknown>;
  requester_name: string;
  requester_phone: string;
}

interface Values {
  form?: Record<string, unknown>;
  requester_name?: string;
  requester_phone?: string;
}

type NamePath = string | [string, string];

const REQUESTER_FIELDS = ['requester_name', 'requester_phone'] as const;

/** Errors of the requester fields, by the contract's schemas. */
function requesterErrors(values: Values, t: (k: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  const name = (values.requester_name ?? '').trim();
  if (!name) out.requester_name = t('input.requester.nameRequired');
  else if (!createWorkBody.shape.requester_name.safeParse(name).success) out.requester_name = t('input.requester.nameTooLong');
  const phone = (values.requester_phone ?? '').trim();
  if (!phone) out.requester_phone = t('input.requester.phoneRequired');
  else if (!createWorkBody.shape.requester_phone.safeParse(phone).success) out.requester_phone = t('input.requester.phoneInvalid');
  return out;
}

export default function TemplateForm({
  template,
  onSubmit,
  data,
  withRequester = true,
  submitLabel,
  submitTestId,
}: {
  template: FormTemplate;
  onSubmit: (s: RequesterSubmission) => Promise<void>;
  /** Saved form data to start from (an order being edited). */
  data?: Record<string, unknown>;
  withRequester?: boolean;
  submitLabel?: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [checked, setChecked] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const fields = useMemo(() => templateFields(template), [template]);
  const initial = useMemo(() => ({ form: initialValues(fields, data) }), [fields, data]);
  const progressive = useProgressiveList(template.list);
  const { token, hashId } = theme.useToken();
  // antd's form item margin (its itemMarginBottom token is marginLG).
  const frame = useMemo(() => ({ hashId, marginBottom: token.marginLG }), [hashId, token.marginLG]);

  /** Marks every field: its problems, or none. Returns true when all is well. */
  const check = (values: Values, only?: Set<string>): boolean => {
    const result = validateFormData(template, wireValues(fields, values.form ?? {}));
    const req = withRequester ? requesterErrors(values, t) : {};
    const updates: { name: NamePath; errors: string[] }[] = [];
    for (const f of fields) {
      if (only && !only.has(f.model)) continue;
      updates.push({ name: ['form', f.model], errors: (result.errors[f.model] ?? []).map(fieldMessage) });
    }
    for (const k of withRequester ? REQUESTER_FIELDS : []) {
      if (only && !only.has(k)) continue;
      updates.push({ name: k, errors: req[k] ? [req[k]] : [] });
    }
    form.setFields(updates);
    return result.ok && Object.keys(req).length === 0;
  };

  const submit = async () => {
    // Errors are marked on the fields, and the first is scrolled to: all must be drawn.
    progressive.showAll();
    setChecked(true);
    setGeneral([]);
    const values = form.getFieldsValue(true) as Values;
    if (!check(values)) {
      form.scrollToField(firstErrorName(form.getFieldsError()), { behavior: 'smooth', block: 'center' });
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({
        form_data: validateFormData(template, wireValues(fields, values.form ?? {})).value,
        requester_name: (values.requester_name ?? '').trim(),
        requester_phone: (values.requester_phone ?? '').trim(),
      });
    } catch (e) {
      if (e instanceof ApiError) markServerErrors(e);
    } finally {
      setSubmitting(false);
    }
  };

  const markServerErrors = (e: ApiError) => {
    const models = new Set(fields.map((f) => f.model));
    const updates: { name: NamePath; errors: string[] }[] = [];
    const rest: string[] = [];
    for (const [key, messages] of Object.entries(e.fieldErrors)) {
      const k = key.replace(/^form_data\./, '');
      if (models.has(k)) updates.push({ name: ['form', k], errors: messages });
      else if ((REQUESTER_FIELDS as readonly string[]).includes(k)) updates.push({ name: k, errors: messages });
      else rest.push(...messages);
    }
    if (updates.length) form.setFields(updates);
    if (rest.length) setGeneral(rest);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onValuesChange={(changed: Values) => {
        if (!checked) return;
        const only = new Set<string>([...Object.keys(changed.form ?? {}), ...Object.keys(changed).filter((k) => k !== 'form')]);
        check(form.getFieldsValue(true) as Values, only);
      }}
      scrollToFirstError
      className="template-form"
    >
      <PlainItemFrame.Provider value={frame}>
        <TemplateNodes list={progressive.shown} />
      </PlainItemFrame.Provider>
      {withRequester ? (
        <>
          <Divider orientation="left">{t('input.requester.title')}</Divider>
          <Form.Item name="requester_name" label={t('input.requester.name')} required className="tpl-requester-name">
            <Input maxLength={50} placeholder={t('input.requester.namePlaceholder')} autoComplete="name" />
          </Form.Item>
          <Form.Item name="requester_phone" label={t('input.requester.phone')} required className="tpl-requester-phone">
            <Input maxLength={20} placeholder={t('input.requester.phonePlaceholder')} autoComplete="tel" inputMode="tel" />
          </Form.Item>
        </>
      ) : null}
      {general.length ? <Alert type="error" showIcon message={general.join('；')} style={{ marginBottom: 16 }} /> : null}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block icon={<SendOutlined />} loading={submitting} data-testid={submitTestId}>
          {submitLabel ?? t('input.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function firstErrorName(errors: { name: (string | number)[]; errors: string[] }[]): (string | number)[] {
  return errors.find((e) => e.errors.length)?.name ?? [];
}
