/** Status tabs of the work-order list: all plus the seven statuses, each with its count. */
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { asStatus, WORK_ORDER_STATUSES, type StatusCounts, type WorkOrderStatus } from '@swo/contract';

export default function StatusTabs({ value, counts, onChange }: { value: string; counts?: StatusCounts; onChange: (status: WorkOrderStatus | '') => void }) {
  const { t } = useTranslation();
  const label = (text: string, n: number | undefined, highlight = false) => (
    <span>
      {text}
      <Badge
        className="tab-count"
        count={n ?? 0}
        showZero
        overflowCount={99999}
        color={highlight && n ? '#fa8c16' : '#d9d9d9'}
        style={highlight && n ? undefined : { color: 'rgba(0,0,0,0.65)' }}
      />
    </span>
  );
  return (
    <Tabs
      className="status-tabs"
      activeKey={value || 'all'}
      onChange={(k) => onChange(asStatus(k) ?? '')}
      items={[
        { key: 'all', label: label(t('workOrder.status.all'), counts?.total) },
        ...WORK_ORDER_STATUSES.map((s) => ({
          key: s,
          label: label(t(`workOrder.status.${s}`), counts?.counts?.[s], s === 'unassigned'),
        })),
      ]}
    />
  );
}
