/**
 * The records of an order as a timeline: who did what, status from → to, the reason or
 * note, time. Internal notes are marked 'internal'; edits list the changed fields
 * before → after.
 */
import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WorkOrderRecord } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import { recordChanges } from './recordDiff.ts';
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
  edit: 'blue',
};

/** A record as the detail call returns it: edits carry `detail` ({before, after}). */
type Record_ = WorkOrderRecord & { detail?: unknown };

/** Actions whose note is a reason (shown as such). */
const REASON_ACTIONS = new Set(['reject', 'cancel', 'examine_fail']);

export default function RecordsTimeline({ records, labels = {} }: { records: Record_[]; labels?: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  if (!records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  // Automatic steps are recorded with the actor 'system'.
  const actorName = (name: string | null) => (!name ? t('workOrder.records.requester') : name === 'system' ? t('workOrder.records.system') : name);
  const actionLabel = (a: string) => (i18n.exists(`workOrder.records.actions.${a}`) ? t(`workOrder.records.actions.${a}`) : a);
  return (
    <Timeline
      className="records-timeline"
      items={records.map((r) => ({
        key: r.id,
        color: r.is_internal ? 'gray' : (ACTION_COLORS[r.action] ?? 'blue'),
        dot: r.is_internal ? <LockOutlined /> : undefined,
        children: (
          <div data-testid="record" data-action={r.action} data-internal={r.is_internal ? '1' : undefined}>
            <Space size={6} wrap>
              <Typography.Text strong>{actorName(r.actor_name)}</Typography.Text>
              <span>{actionLabel(r.action)}</span>
              {r.target_name ? <span>→ {r.target_name}</span> : null}
              {r.is_internal ? (
                <Tag color="purple" bordered={false} data-testid="internal-tag">
                  {t('workOrder.records.internal')}
                </Tag>
              ) : null}
            </Space>
            {/* Only a change of status is shown (notes, edits and reassignments keep it). */}
            {(r.from_status || r.to_status) && r.from_status !== r.to_status ? (
              <div style={{ marginTop: 4 }}>
                {r.from_status ? <StatusTag status={r.from_status} /> : null}
                {r.from_status && r.to_status ? <span style={{ margin: '0 8px' }}>→</span> : null}
                {r.to_status ? <StatusTag status={r.to_status} /> : null}
              </div>
            ) : null}
            {r.note ? (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                {t(REASON_ACTIONS.has(r.action) ? 'workOrder.records.reason' : 'workOrder.records.note')}: {r.note}
              </Typography.Paragraph>
            ) : null}
            {r.action === 'edit'
              ? recordChanges(r.detail, labels).map((c) => (
                  <div key={c.key} className="record-change" data-testid="record-change">
                    <Typography.Text type="secondary">{c.label}: </Typography.Text>
                    <Typography.Text delete type="secondary">
                      {c.before}
                    </Typography.Text>
                    <span style={{ margin: '0 6px' }}>→</span>
                    <Typography.Text>{c.after}</Typography.Text>
                  </div>
                ))
              : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(r.created_at)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
