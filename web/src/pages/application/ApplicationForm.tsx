/**
 * Adds or edits an application in a modal: name, description, template, category and
 * status. The server's field errors show on the fields (a taken name), a changed form asks
 * before closing. Templates offered are the company's form templates in use (the template
 * library and its designer come with the templates issue).
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { call, workOrderKinds } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { confirmDiscard, showFieldErrors, snapshot } from '../../components/formDialog.ts';

const ENABLED_CATEGORIES = { pageNo: 1, pageSize: 100, status: 1 };

interface Values {
  name: string;
  description: string;
  template_id?: number;
  category_id?: number | null;
  status: number;
}

export interface ApplicationFormProps {
  /** null = closed; 'new' = add; an application = edit it. */
  item: ApplicationItem | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function ApplicationForm({ item, onClose, onSaved }: ApplicationFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial = useRef('');
  const open = !!item;
  const templates = useQuery({ queryKey: keys.applications.templateChoices(), queryFn: workOrderKinds, enabled: open });
  const categories = useQuery({
    queryKey: keys.namedItems.list('category', ENABLED_CATEGORIES),
    queryFn: () => call('categoryList', ENABLED_CATEGORIES),
    enabled: open,
  });

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue(
      item === 'new'
        ? { name: '', description: '', status: 1, category_id: null }
        : { name: item.name, description: item.description, template_id: item.template_id, category_id: item.category_id, status: item.status },
    );
    initial.current = snapshot(form);
  }, [item, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !item || !values.template_id) return;
    setSaving(true);
    try {
      const v = { ...values, template_id: values.template_id, name: values.name.trim(), category_id: values.category_id ?? null };
      if (item === 'new') await call('applicationAdd', v);
      else await call('applicationUpdate', { id: item.id, ...v });
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
      title={t(item === 'new' ? 'application.add' : 'application.edit')}
      open={open}
      onOk={() => void submit()}
      onCancel={() => void confirmDiscard(form, initial.current).then((ok) => ok && onClose())}
      confirmLoading={saving}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
      maskClosable={false}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="application-form">
        <Form.Item
          name="name"
          label={t('application.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('org.required', { label: t('application.fields.name') }) }]}
        >
          <Input maxLength={64} autoFocus data-testid="application-name" />
        </Form.Item>
        <Form.Item name="description" label={t('application.fields.description')}>
          <Input.TextArea maxLength={255} rows={2} showCount />
        </Form.Item>
        <Form.Item
          name="template_id"
          label={t('application.fields.template')}
          rules={[{ required: true, message: t('org.required', { label: t('application.fields.template') }) }]}
        >
          <Select
            data-testid="application-template"
            loading={templates.isFetching}
            showSearch
            optionFilterProp="label"
            options={(templates.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
          />
        </Form.Item>
        <Form.Item name="category_id" label={t('application.fields.category')}>
          <Select
            allowClear
            loading={categories.isFetching}
            options={[{ value: null, label: t('application.noCategory') }, ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          />
        </Form.Item>
        <Form.Item name="status" label={t('application.fields.status')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('org.status.enabled') },
              { value: 0, label: t('org.status.disabled') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
