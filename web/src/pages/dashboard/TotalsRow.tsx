/** The range's figures: created, completed, open, mean handling hours, overdue. */
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { OVERDUE_HOURS, type StatsFigures } from '@swo/contract';

export default function TotalsRow({ totals }: { totals?: StatsFigures }) {
  const { t } = useTranslation();
  const items = [
    { key: 'created', title: t('dashboard.totals.created'), value: totals?.created ?? 0 },
    { key: 'completed', title: t('dashboard.totals.completed'), value: totals?.completed ?? 0 },
    { key: 'open', title: t('dashboard.totals.open'), value: totals?.open ?? 0 },
    {
      key: 'avg',
      title: t('dashboard.totals.avgHours'),
      value: totals?.avg_handle_hours ?? '-',
      precision: totals?.avg_handle_hours == null ? undefined : 1,
      suffix: totals?.avg_handle_hours == null ? undefined : t('dashboard.hours'),
    },
    {
      key: 'overdue',
      title: t('dashboard.totals.overdue', { hours: OVERDUE_HOURS }),
      value: totals?.overdue ?? 0,
      color: totals?.overdue ? '#f5222d' : undefined,
    },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="totals">
      {items.map((i) => (
        <Col key={i.key} xs={12} md={8} xl={{ flex: '20%' }}>
          <Statistic title={i.title} value={i.value} precision={i.precision} suffix={i.suffix} valueStyle={i.color ? { color: i.color } : undefined} />
        </Col>
      ))}
    </Row>
  );
}
