/** A work order's status as a coloured tag (docs/design.md, "Work-order state machine": statuses). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const STATUS_COLORS: Record<string, string> = {
  unassigned: 'orange',
  processing: 'processing',
  pending_review: 'purple',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
  withdrawn: 'gold',
};

export default function StatusTag({ status }: { status: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!status) return <span>-</span>;
  const key = `workOrder.status.${status}`;
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-status={status} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      {i18n.exists(key) ? t(key) : status}
    </Tag>
  );
}
