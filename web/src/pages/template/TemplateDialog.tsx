/**
 * Adds a template or edits its settings (name, description, category, review, automatic
 * dispatch, sort; the status on add): a company's own template, or with `library` a common
 * one of the platform (no category). The form itself is drawn in the designer. The
 * server's field errors show on the fields, and a changed dialog asks before closing.
 */
import { Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { useFormDialog } from '../../components/useFormDialog.ts';

const ENABLED_CATEGORIES = { pageNo: 1, pageSize: 100, status: 1 };

interface Values {
  name: string;
  description: string;
  category_id: number | null;
  needs_review: boolean;
  is_automatic: boolean;
  sort: number;
  status: number;
}

export interface TemplateDialogProps {
  /** null = closed; 'new' = add; a template = edit its settings. */
  item: TemplateItem | 'new' | null;
  library?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export default function TemplateDialog({ item, library = false, onClose, onSaved }: TemplateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const categories = useQuery({
    queryKey: keys.namedItems.list('category', ENABLED_CATEGORIES),
    queryFn: () => call('categoryList', ENABLED_CATEGORIES),
    enabled: !!item && !library,
  });

  const dialog = useFormDialog({
    form,
    target: item,
    values: (i) =>
      i === 'new'
        ? { name: '', description: '', category_id: null, needs_review: false, is_automatic: false, sort: 0, status: 1 }
        : {
            name: i.name,
            description: i.description,
            category_id: i.category_id,
            needs_review: i.needs_review,
            is_automatic: i.is_automatic,
            sort: i.sort,
            status: i.status,
          },
    save: async (values, i) => {
      const common = {
        name: values.name.trim(),
        description: values.description.trim(),
        needs_review: values.needs_review,
        is_automatic: values.is_automatic,
        sort: values.sort,
        is_private: library ? 0 : 1,
        ...(library ? {} : { category_id: values.category_id ?? null }),
      };
      if (i === 'new') await call('templateAdd', { ...common, status: values.status });
      // Exact: an emptied description is sent as '' and cleared.
      else await callExact('templateEdit', { id: i.id, ...common });
      void feedback.message.success(t('org.saved'));
    },
    onSaved,
    onClose,
  });

  const title = item === 'new' ? (library ? 'template.addCommon' : 'template.add') : 'template.edit';
  return (
    <Modal title={t(title)} {...dialog.modalProps} okText={t('org.actions.save')} cancelText={t('buttons.cancel')}>
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="template-form">
        <Form.Item
          name="name"
          label={t('template.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('org.required', { label: t('template.fields.name') }) }]}
        >
          <Input maxLength={64} autoFocus data-testid="template-name" />
        </Form.Item>
        <Form.Item name="description" label={t('template.fields.description')}>
          <Input.TextArea maxLength={255} rows={2} showCount />
        </Form.Item>
        {library ? null : (
          <Form.Item name="category_id" label={t('template.fields.category')}>
            <Select
              loading={categories.isFetching}
              options={[{ value: null, label: t('application.noCategory') }, ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            />
          </Form.Item>
        )}
        <Form.Item name="needs_review" label={t('template.fields.needsReview')} valuePropName="checked" extra={t('template.reviewHint')}>
          <Switch data-testid="template-review" />
        </Form.Item>
        <Form.Item name="is_automatic" label={t('template.fields.automatic')} valuePropName="checked" extra={t('template.automaticHint')}>
          <Switch data-testid="template-automatic" />
        </Form.Item>
        <Form.Item name="sort" label={t('template.fields.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {item === 'new' ? (
          <Form.Item name="status" label={t('template.fields.status')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 1, label: t('org.status.enabled') },
                { value: 0, label: t('org.status.disabled') },
              ]}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
