/**
 * A small dialog with the progress of an upload or download: a percentage when the size is
 * known, else the bytes so far with an active bar.
 */
import { Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TransferState {
  loaded: number;
  total?: number;
}

/** Percent of a transfer (0..100), or null when the size is unknown. */
export function transferPercent(s: TransferState): number | null {
  if (!s.total || s.total <= 0) return null;
  return Math.min(100, Math.round((s.loaded / s.total) * 100));
}

function kb(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(0, Math.round(n / 1024))} KB`;
}

export default function TransferProgress({ title, state }: { title: string; state: TransferState | null }) {
  const { t } = useTranslation();
  const percent = state ? transferPercent(state) : null;
  return (
    <Modal title={title} open={!!state} footer={null} closable={false} maskClosable={false} width={400}>
      <div data-testid="transfer-progress">
        <Progress percent={percent ?? 99} status="active" showInfo={percent !== null} />
        <Typography.Text type="secondary">
          {state
            ? state.total
              ? t('transfer.progress', { loaded: kb(state.loaded), total: kb(state.total) })
              : t('transfer.loaded', { loaded: kb(state.loaded) })
            : ''}
        </Typography.Text>
      </div>
    </Modal>
  );
}
