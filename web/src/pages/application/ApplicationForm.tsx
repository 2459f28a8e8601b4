/**
 * Adds or edits an application in a modal: name, description, template, category and
 * status. The server's field errors show on the fields (a taken name), a changed form asks
 * before closing. Templates offered are the company's enabled ones and the platform's
 * library; a library template is copied into the company when saved (`template_add` on an
 * edit, a copy then the add on a new application).
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { confirmDiscard, showFieldErrors, snapshot } from '../../components/formDialog.ts';

const ENABLED_CATEGORIES = { pageNo: 1, pageSize: 100, status: 1 };
const ENABLED_TEMPLATES = { pageNo: 1, pageSize: 100, status: 1 };
/** Library templates are offered as `lib:<id>` so they cannot be mistaken for the company's own ids. */
const LIBRARY_PREFIX = 'lib:';
const libraryId = (v: number | string | undefined) => (typeof v === 'string' && v.startsWith(LIBRARY_PREFIX) ? Number(v.slice(LIBRARY_PREFIX.length)) : null);

/** The template choices: the company's enabled templates, then the library's. */
async function templateChoices() {
  const [own, library] = await Promise.all([call('templatePrivateList', ENABLED_TEMPLATES), call('applicationCommonTemplates', {})]);
  return { own: own.data, library };
}

interface Values {
  name: string;
  description: string;
  template_id?: number | string;
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
  const queryClient = useQueryClient();
  const initial = useRef('');
  const open = !!item;
  const templates = useQuery({ queryKey: keys.templates.choices(), queryFn: templateChoices, enabled: open });
  const categories = useQuery({
    queryKey: keys.namedItems.list('category', ENABLED_CATEGORIES),
    queryFn: () => call('categoryList', ENABLED_CATEGORIES),
    enabled: open,
  });

  // The application's current template stays offered even when it is no longer enabled.
  const own = templates.data?.own ?? [];
  const ownTemplates =
    item && item !== 'new' && !own.some((k) => k.id === item.template_id) ? [...own, { id: item.template_id, name: item.template_name }] : own;

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
      const fromLibrary = libraryId(values.template_id);
      const v = { ...values, name: values.name.trim(), description: values.description.trim(), category_id: values.category_id ?? null };
      if (item === 'new') {
        const templateId = fromLibrary ? (await call('templateAdd', { copy_of: fromLibrary })).id : Number(values.template_id);
        await call('applicationAdd', { ...v, template_id: templateId });
      } else {
        if (fromLibrary) await call('applicationTemplateAdd', { application_id: item.id, template_id: fromLibrary, is_private: 0 });
        // Exact: an emptied description is sent as '' and cleared.
        await callExact('applicationUpdate', { id: item.id, ...v, template_id: fromLibrary ? undefined : Number(values.template_id) });
      }
      if (fromLibrary) void queryClient.invalidateQueries({ queryKey: keys.templates.all });
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
            options={[
              { label: t('application.templateGroups.own'), options: ownTemplates.map((k) => ({ value: k.id, label: k.name })) },
              {
                label: t('application.templateGroups.library'),
                options: (templates.data?.library ?? []).map((k) => ({ value: `${LIBRARY_PREFIX}${k.id}`, label: k.name })),
              },
            ].filter((g) => g.options.length)}
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
