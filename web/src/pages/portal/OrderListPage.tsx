/**
 * /orderList?ident= (public): the requester's orders, newest first, as cards linking to
 * /orderInfo, with a refresh button. Without an ident, or when the server knows none of
 * its orders, an empty state explains where orders come from.
 */
import { Button, Card, Empty, Result, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keys } from '../../app/queryKeys.ts';
import { ApiError } from '../../app/request.ts';
import { myOrders } from './api.ts';
import { usePortalIdent } from './ident.ts';
import OrderCard from './OrderCard.tsx';
import PortalShell from './PortalShell.tsx';

export default function OrderListPage() {
  const { t } = useTranslation();
  const { ident } = usePortalIdent();
  const list = useQuery({ queryKey: keys.portal.orders(ident), queryFn: () => myOrders(ident), enabled: !!ident });
  // An ident the server does not know has no orders: the same empty state.
  const unknown = list.error instanceof ApiError && (list.error.code === 404 || list.error.code === 400);

  let body;
  if (!ident || unknown || (list.data && list.data.length === 0)) {
    body = (
      <Card className="public-card" variant="borderless">
        <Empty description={<span data-testid="portal-empty">{t('portal.orderList.empty')}</span>}>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 420, margin: '0 auto' }}>
            {t('portal.orderList.emptyHint')}
          </Typography.Paragraph>
        </Empty>
      </Card>
    );
  } else if (list.isError) {
    body = (
      <Card className="public-card" variant="borderless">
        <Result status="error" title={t('portal.loadFailed')} extra={<Button onClick={() => void list.refetch()}>{t('buttons.retry')}</Button>} />
      </Card>
    );
  } else if (!list.data) {
    body = (
      <Card className="public-card" variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else {
    body = list.data.map((o) => <OrderCard key={o.id} order={o} ident={ident} />);
  }

  return (
    <PortalShell>
      <Card className="public-card" variant="borderless">
        <div className="portal-head">
          <div>
            <Typography.Title level={3}>{t('portal.orderList.title')}</Typography.Title>
            <div className="public-subtitle" style={{ marginBottom: 0 }}>
              {list.data?.length ? t('portal.orderList.count', { n: list.data.length }) : t('portal.orderList.subtitle')}
            </div>
          </div>
          <Button icon={<ReloadOutlined />} loading={list.isFetching} disabled={!ident} onClick={() => void list.refetch()} data-testid="portal-refresh">
            {t('buttons.refresh')}
          </Button>
        </div>
      </Card>
      {body}
    </PortalShell>
  );
}
