/** Counts of the company's orders by status (`pendingNumber`) as a row of small cards. */
import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_STATUSES } from '@swo/contract';
import { statusCounts } from '../../app/api.ts';

const COLORS: Record<string, string> = {
  unassigned: '#fa8c16',
  processing: '#1677ff',
  pending_review: '#722ed1',
  completed: '#52c41a',
  rejected: '#f5222d',
  cancelled: '#8c8c8c',
  withdrawn: '#8c8c8c',
};

export default function StatusCards() {
  const { t } = useTranslation();
  const counts = useQuery({ queryKey: ['workorder-counts'], queryFn: statusCounts });
  return (
    <Row gutter={[12, 12]} data-testid="status-cards">
      <Col xs={12} sm={8} md={6} xl={3}>
        <Card size="small" variant="borderless" loading={counts.isLoading} style={{ height: '100%' }}>
          <Statistic title={t('workOrder.status.all')} value={counts.data?.total ?? 0} />
        </Card>
      </Col>
      {WORK_ORDER_STATUSES.map((s) => (
        <Col key={s} xs={12} sm={8} md={6} xl={3}>
          <Card size="small" variant="borderless" loading={counts.isLoading} style={{ height: '100%' }}>
            <Statistic title={t(`workOrder.status.${s}`)} value={counts.data?.counts?.[s] ?? 0} valueStyle={{ color: COLORS[s] }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
