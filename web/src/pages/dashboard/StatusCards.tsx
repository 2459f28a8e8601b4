/** Counts of the company's orders by status (`pendingNumber`) as a row of small cards. */
import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_STATUSES } from '@swo/contract';
import { statusCounts } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';

// Dark enough for WCAG AA on white.
const COLORS: Record<string, string> = {
  unassigned: '#ad4e00',
  processing: '#0958d9',
  pending_review: '#722ed1',
  completed: '#237804',
  rejected: '#cf1322',
  cancelled: '#595959',
  withdrawn: '#595959',
};

export default function StatusCards() {
  const { t } = useTranslation();
  const counts = useQuery({ queryKey: keys.workOrders.counts(), queryFn: statusCounts });
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
