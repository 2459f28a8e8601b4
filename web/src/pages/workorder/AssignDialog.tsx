/**
 * Chooses who receives one or more orders (assign, batch assign, reassign): the staff
 * picker plus an optional note. `onSubmit` gets the chosen staff id and note; the dialog
 * closes when it resolves and stays open when it fails.
 */
import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@swo/contract';
import StaffPicker from '../../components/StaffPicker.tsx';

export interface AssignDialogProps {
  open: boolean;
  title: string;
  /** Shown above the picker, e.g. the order numbers concerned. */
  subtitle?: string;
  applicationId?: number;
  excludeId?: number | null;
  onSubmit: (staffId: number, note: string | undefined) => Promise<void>;
  onClose: () => void;
}

export default function AssignDialog({ open, title, subtitle, applicationId, excludeId, onSubmit, onClose }: AssignDialogProps) {
  const { t } = useTranslation();
  const [staff, setStaff] = useState<Employee | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (open) {
      setStaff(null);
      setNote('');
      setMissing(false);
    }
  }, [open]);

  const ok = async () => {
    if (!staff) {
      setMissing(true);
      return;
    }
    setLoading(true);
    try {
      await onSubmit(staff.id, note.trim() || undefined);
      onClose();
    } catch {
      // Reported by the HTTP client; keep the dialog.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={760}
      onOk={() => void ok()}
      onCancel={onClose}
      confirmLoading={loading}
      okText={t('assign.ok')}
      cancelText={t('buttons.cancel')}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size={8} data-testid="assign-dialog">
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        <StaffPicker
          applicationId={applicationId}
          excludeId={excludeId}
          value={staff?.id}
          onChange={(_, e) => {
            setStaff(e);
            setMissing(false);
          }}
        />
        {missing ? <Alert type="error" showIcon message={t('assign.pickStaff')} /> : null}
        <div>
          <Typography.Text>{staff ? t('assign.chosen', { name: staff.name }) : t('assign.none')}</Typography.Text>
        </div>
        <Input.TextArea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('assign.note')} />
      </Space>
    </Modal>
  );
}
