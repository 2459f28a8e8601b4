/** Withdraws the order after a confirmation (allowed while unassigned or rejected). */
import { Button } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.tsx';
import { withdrawOrder } from './api.ts';

export default function WithdrawButton({ ident, id, orderNo, onDone }: { ident: string; id: number; orderNo: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = () => {
    feedback.modal.confirm({
      title: t('portal.withdraw.title'),
      content: t('portal.withdraw.content', { no: orderNo }),
      okText: t('portal.withdraw.ok'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await withdrawOrder(ident, id);
          feedback.message.success(t('portal.withdraw.done'));
        } catch {
          // The HTTP client has shown the server's message (for example 409: no longer possible).
        } finally {
          setBusy(false);
          onDone();
        }
      },
    });
  };

  return (
    <Button danger icon={<RollbackOutlined />} loading={busy} onClick={confirm} data-testid="portal-withdraw">
      {t('portal.actions.withdraw')}
    </Button>
  );
}
