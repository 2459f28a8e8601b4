/**
 * Edits an unassigned or rejected order's form data (`workorder.edit`): the template's
 * fields with the current values, checked with the contract's rules before sending; the
 * order's version goes along so a concurrent change is answered with 409.
 */
import { useMemo, useState } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateFields, validateFormData, type WorkOrderDetail } from '@swo/contract';
import { staffEditOrder } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { ApiError } from '../../app/request.ts';
import { fieldMessage } from '../../components/form/fieldMessage.ts';
import { toControlValue, wireValues } from '../../components/form/formValues.ts';
import TemplateNodes from '../../components/form/TemplateNodes.tsx';
import { asTemplate } from './templateOf.ts';

/**
 * A switch the order never had reads as `false` in the form; sending it would record a
 * change nobody made, so such values are left out.
 */
function untouchedSwitchesLeftOut(value: Record<string, unknown>, before: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !(v === false && !(k in before))));
}

export default function EditOrderDialog({ order, open, onClose, onDone }: { order: WorkOrderDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ form?: Record<string, unknown> }>();
  const [saving, setSaving] = useState(false);
  const template = useMemo(() => asTemplate(order.template?.schema), [order.template]);
  const fields = useMemo(() => templateFields(template), [template]);
  const initial = useMemo(
    () => ({ form: Object.fromEntries(fields.map((f) => [f.model, toControlValue(f, order.form_data?.[f.model])])) }),
    [fields, order.form_data],
  );

  const save = async () => {
    const values = form.getFieldsValue(true) as { form?: Record<string, unknown> };
    const result = validateFormData(template, wireValues(fields, values.form ?? {}));
    form.setFields(fields.map((f) => ({ name: ['form', f.model], errors: (result.errors[f.model] ?? []).map(fieldMessage) })));
    if (!result.ok) return;
    setSaving(true);
    try {
      await staffEditOrder(order.id, untouchedSwitchesLeftOut(result.value, order.form_data ?? {}), order.version);
      feedback.message.success(t('edit.done'));
      onClose();
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(Object.entries(e.fieldErrors).map(([k, messages]) => ({ name: ['form', k.replace(/^form_data\./, '')], errors: messages })));
        if (e.code === 409) onDone();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('edit.title', { no: order.order_no })}
      open={open}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('edit.save')}
      cancelText={t('buttons.cancel')}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} className="template-form" preserve={false}>
        <TemplateNodes list={template.list} />
      </Form>
    </Modal>
  );
}
