/**
 * Claims an unassigned work order for the current user. A conflict (409: someone else was
 * faster) is reported by the HTTP client with the server's message; either way the caller
 * refreshes.
 */
import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { claimWorkOrder } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';

export default function ClaimButton({
  orderId: id,
  version,
  onDone,
  ...rest
}: { orderId: number; version?: number; onDone: () => void } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const claim = async () => {
    setLoading(true);
    try {
      await claimWorkOrder(id, version);
      feedback.message.success(t('workOrder.messages.claimed'));
    } catch {
      // Reported by the HTTP client.
    } finally {
      setLoading(false);
      onDone();
    }
  };
  return (
    <Button {...rest} loading={loading} onClick={() => void claim()} data-testid={`claim-${id}`}>
      {t('workOrder.actions.claim')}
    </Button>
  );
}
