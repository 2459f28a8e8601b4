/**
 * A dialog asking for a text (a reason, a note) before an action runs. `required` makes
 * the text mandatory; `onSubmit` gets the trimmed text and the dialog closes when it
 * resolves. A failed call keeps the dialog open (the HTTP client showed the error).
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  okText?: string;
  danger?: boolean;
  maxLength?: number;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

export default function ReasonDialog({ open, title, label, required, placeholder, okText, danger, maxLength = 500, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text?: string }>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const ok = async () => {
    // An invalid form shows its field message; the rejection is not an error.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { text } = values;
    setLoading(true);
    try {
      await onSubmit((text ?? '').trim());
      onClose();
    } catch {
      // The HTTP client reported it; the dialog stays for another try.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onOk={() => void ok()}
      onCancel={onClose}
      confirmLoading={loading}
      okText={okText ?? t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger }}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="text" label={label} rules={required ? [{ required: true, whitespace: true, message: t('dialog.reasonRequired', { label }) }] : []}>
          <Input.TextArea rows={4} maxLength={maxLength} showCount placeholder={placeholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
