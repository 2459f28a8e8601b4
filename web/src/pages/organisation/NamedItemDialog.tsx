/**
 * Adds or edits a position or a category in a modal (name, sort, status); the server's
 * field errors show on the fields, and a changed form asks before closing.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NamedItem } from '@swo/contract';
import { feedback } from '../../app/feedback.tsx';
import { confirmDiscard, showFieldErrors, snapshot } from '../../components/formDialog.ts';
import SortStatusFields from './SortStatusFields.tsx';
import type { NamedItemKind, NamedItemValues } from './namedItems.ts';

export interface NamedItemDialogProps {
  kind: NamedItemKind;
  /** null = closed; 'new' = add; an item = edit it. */
  item: NamedItem | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function NamedItemDialog({ kind, item, onClose, onSaved }: NamedItemDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NamedItemValues>();
  const [saving, setSaving] = useState(false);
  const initial = useRef('');
  const p = kind.permission;

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue(item === 'new' ? { name: '', sort: 0, status: 1 } : { name: item.name, sort: item.sort, status: item.status });
    initial.current = snapshot(form);
  }, [item, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !item) return;
    setSaving(true);
    try {
      const v = { ...values, name: values.name.trim() };
      if (item === 'new') await kind.add(v);
      else await kind.edit(item.id, v);
      void feedback.message.success(t('org.saved'));
      onSaved();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(item === 'new' ? `${p}.add` : `${p}.edit`)}
      open={!!item}
      onOk={() => void submit()}
      onCancel={() => void confirmDiscard(form, initial.current).then((ok) => ok && onClose())}
      confirmLoading={saving}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
      maskClosable={false}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid={`${p}-form`}>
        <Form.Item name="name" label={t(`${p}.name`)} rules={[{ required: true, whitespace: true, message: t('org.required', { label: t(`${p}.name`) }) }]}>
          <Input maxLength={64} autoFocus data-testid={`${p}-name`} />
        </Form.Item>
        <SortStatusFields />
      </Form>
    </Modal>
  );
}
