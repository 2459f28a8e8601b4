/**
 * Completes a work order the current user handles: a dialog asks for an optional note,
 * then the order moves on (to completed, or pending review when its template needs one).
 */
import { useState } from 'react';
import { Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { completeWorkOrder } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';

const NOTE_MAX = 2000;

export default function CompleteButton({
  orderId: id,
  orderNo,
  version,
  onDone,
  ...rest
}: {
  orderId: number;
  orderNo: string;
  /** The version displayed: a concurrent change is answered with 409. */
  version?: number;
  onDone: () => void;
} & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<{ note?: string }>();

  const submit = async () => {
    const { note } = form.getFieldsValue();
    setLoading(true);
    try {
      const order = await completeWorkOrder(id, note?.trim() || undefined, version);
      feedback.message.success(t(order?.status === 'pending_review' ? 'workOrder.messages.submittedForReview' : 'workOrder.messages.completed'));
      setOpen(false);
      form.resetFields();
    } catch {
      setOpen(false);
    } finally {
      setLoading(false);
      onDone();
    }
  };

  return (
    <>
      <Button {...rest} onClick={() => setOpen(true)} data-testid={`complete-${id}`}>
        {t('workOrder.actions.complete')}
      </Button>
      <Modal
        title={t('workOrder.complete.title', { no: orderNo })}
        open={open}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={loading}
        okText={t('workOrder.complete.ok')}
        cancelText={t('buttons.cancel')}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="note" label={t('workOrder.complete.note')}>
            <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={t('workOrder.complete.notePlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
