/** The records of an order as a timeline: who did what, status from → to, note, time. */
import { Empty, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderRecord } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import StatusTag from './StatusTag.tsx';

const ACTION_COLORS: Record<string, string> = {
  create: 'blue',
  claim: 'cyan',
  assign: 'cyan',
  reassign: 'cyan',
  complete: 'green',
  examine_pass: 'green',
  examine_fail: 'orange',
  reject: 'red',
  cancel: 'gray',
  withdraw: 'gray',
  resubmit: 'blue',
  note: 'gray',
  dispatch: 'cyan',
};

export default function RecordsTimeline({ records }: { records: WorkOrderRecord[] }) {
  const { t, i18n } = useTranslation();
  if (!records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  // Automatic steps are recorded with the actor 'system'.
  const actorName = (name: string | null) =>
    !name ? t('workOrder.records.requester') : name === 'system' ? t('workOrder.records.system') : name;
  const actionLabel = (a: string) => (i18n.exists(`workOrder.records.actions.${a}`) ? t(`workOrder.records.actions.${a}`) : a);
  return (
    <Timeline
      className="records-timeline"
      items={records.map((r) => ({
        key: r.id,
        color: ACTION_COLORS[r.action] ?? 'blue',
        children: (
          <div data-testid="record" data-action={r.action}>
            <Space size={6} wrap>
              <Typography.Text strong>{actorName(r.actor_name)}</Typography.Text>
              <span>{actionLabel(r.action)}</span>
              {r.target_name ? <span>→ {r.target_name}</span> : null}
            </Space>
            {r.from_status || r.to_status ? (
              <div style={{ marginTop: 4 }}>
                {r.from_status ? <StatusTag status={r.from_status} /> : null}
                {r.from_status && r.to_status ? <span style={{ margin: '0 8px' }}>→</span> : null}
                {r.to_status ? <StatusTag status={r.to_status} /> : null}
              </div>
            ) : null}
            {r.note ? (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                {t('workOrder.records.note')}: {r.note}
              </Typography.Paragraph>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(r.created_at)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
