/** One of the requester's orders in the list: title, status, number, application, time; the reason when rejected. */
import { Alert, Card } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicOrder } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import StatusTag from '../workorder/StatusTag.tsx';
import { portalPath } from './ident.ts';

export default function OrderCard({ order, ident }: { order: PublicOrder; ident: string }) {
  const { t } = useTranslation();
  const showReason = (order.status === 'rejected' || order.status === 'cancelled') && !!order.reason;
  return (
    <Link className="portal-order-link" to={portalPath('/orderInfo', ident, order.id)} data-testid="portal-order" data-order-no={order.order_no}>
      <Card className="portal-order-card" variant="borderless" hoverable>
        <div className="portal-order-top">
          <span className="portal-order-title">{order.title}</span>
          <StatusTag status={order.status} />
        </div>
        <div className="portal-order-meta">
          <span>
            {t('portal.fields.orderNo')}: {order.order_no}
          </span>
          <span>{order.application_name}</span>
          <span>{formatTime(order.created_at)}</span>
          <RightOutlined style={{ marginLeft: 'auto', alignSelf: 'center' }} />
        </div>
        {showReason ? (
          <Alert
            className="portal-reason"
            type={order.status === 'rejected' ? 'error' : 'warning'}
            showIcon
            message={`${t('portal.fields.reason')}: ${order.reason}`}
          />
        ) : null}
      </Card>
    </Link>
  );
}
