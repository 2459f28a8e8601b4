/**
 * Adds or edits a position or a category in a modal (name, sort, status); the server's
 * field errors show on the fields, and a changed form asks before closing.
 */
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NamedItem } from '@swo/contract';
import { feedback } from '../../app/feedback.tsx';
import { useFormDialog } from '../../components/useFormDialog.ts';
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
  const p = kind.permission;
  const dialog = useFormDialog({
    form,
    target: item,
    values: (i) => (i === 'new' ? { name: '', sort: 0, status: 1 } : { name: i.name, sort: i.sort, status: i.status }),
    save: async (values, i) => {
      const v = { ...values, name: values.name.trim() };
      if (i === 'new') await kind.add(v);
      else await kind.edit(i.id, v);
      void feedback.message.success(t('org.saved'));
    },
    onSaved,
    onClose,
  });

  return (
    <Modal title={t(item === 'new' ? `${p}.add` : `${p}.edit`)} {...dialog.modalProps} okText={t('org.actions.save')} cancelText={t('buttons.cancel')}>
      <Form form={form} layout="vertical" requiredMark="optional" data-testid={`${p}-form`}>
        <Form.Item name="name" label={t(`${p}.name`)} rules={[{ required: true, whitespace: true, message: t('org.required', { label: t(`${p}.name`) }) }]}>
          <Input maxLength={64} autoFocus data-testid={`${p}-name`} />
        </Form.Item>
        <SortStatusFields />
      </Form>
    </Modal>
  );
}
