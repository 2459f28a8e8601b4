/**
 * /orderInfo?id=&ident= (public): one of the requester's orders — a big status tag and
 * the progress steps, the reason when rejected or cancelled, the facts, the form data with
 * the template's labels and the public timeline. Buttons: edit and resubmit (rejected),
 * withdraw (unassigned or rejected, after a confirmation), back to my orders. Someone
 * else's order, or an unknown one, shows a friendly "not found".
 */
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { EditOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canTransition } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import { invalidatePortal, keys } from '../../app/queryKeys.ts';
import { ApiError } from '../../app/request.ts';
import StatusTag from '../workorder/StatusTag.tsx';
import { myOrder } from './api.ts';
import { portalPath, usePortalIdent } from './ident.ts';
import NotFoundCard from './NotFoundCard.tsx';
import OrderProgressSteps from './OrderProgressSteps.tsx';
import PortalFormData from './PortalFormData.tsx';
import { UploadAccess } from '../../components/form/uploads.tsx';
import LoadingOrFailed from './LoadingOrFailed.tsx';
import PortalShell from './PortalShell.tsx';
import PublicTimeline from './PublicTimeline.tsx';
import { useNarrow } from './useNarrow.ts';
import WithdrawButton from './WithdrawButton.tsx';

export default function OrderInfoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const { ident, id } = usePortalIdent();
  const listPath = ident ? portalPath('/orderList', ident) : '/orderList';
  const detail = useQuery({ queryKey: keys.portal.order(ident, id), queryFn: () => myOrder(ident, id), enabled: !!ident && !!id });

  const refresh = () => void invalidatePortal(queryClient, ident);

  const notFound = !ident || !id || (detail.error instanceof ApiError && [400, 404].includes(detail.error.code));
  let body;
  if (notFound) {
    body = <NotFoundCard listPath={listPath} />;
  } else if (detail.isError || !detail.data) {
    body = <LoadingOrFailed failed={detail.isError} onRetry={() => void detail.refetch()} />;
  } else {
    const o = detail.data;
    const showReason = (o.status === 'rejected' || o.status === 'cancelled') && !!o.reason;
    const canEdit = o.status === 'rejected';
    const canWithdraw = canTransition('withdraw', o.status);
    body = (
      <>
        <Card className="public-card" variant="borderless">
          <div className="portal-head">
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={4} style={{ overflowWrap: 'anywhere' }}>
                {o.title}
              </Typography.Title>
              <div className="public-subtitle" style={{ marginBottom: 0 }}>
                {o.company_name} · {o.application_name}
              </div>
            </div>
            <span className="portal-status-big" data-testid="portal-status">
              <StatusTag status={o.status} />
            </span>
          </div>
          <OrderProgressSteps order={o} />
          {showReason ? (
            <Alert
              style={{ marginTop: 16 }}
              type={o.status === 'rejected' ? 'error' : 'warning'}
              showIcon
              message={o.status === 'rejected' ? t('portal.orderInfo.rejectedTitle') : t('portal.orderInfo.cancelledTitle')}
              description={<span data-testid="portal-reason">{o.reason}</span>}
            />
          ) : null}
          <Descriptions
            className="portal-facts"
            style={{ marginTop: 16 }}
            size="small"
            column={narrow ? 1 : 2}
            items={[
              {
                key: 'no',
                label: t('portal.fields.orderNo'),
                children: (
                  <Typography.Text copyable data-testid="portal-order-no">
                    {o.order_no}
                  </Typography.Text>
                ),
              },
              { key: 'tpl', label: t('portal.fields.template'), children: o.template.name || '-' },
              { key: 'created', label: t('portal.fields.createdAt'), children: formatTime(o.created_at) },
              { key: 'updated', label: t('portal.fields.updatedAt'), children: formatTime(o.updated_at) },
            ]}
          />
          <div className="portal-actions">
            {canEdit ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(portalPath('/editInput', ident, o.id))} data-testid="portal-edit">
                {t('portal.actions.edit')}
              </Button>
            ) : null}
            {canWithdraw ? <WithdrawButton ident={ident} id={o.id} orderNo={o.order_no} onDone={refresh} /> : null}
            <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(listPath)}>
              {t('portal.actions.myOrders')}
            </Button>
            <Button icon={<ReloadOutlined />} loading={detail.isFetching} onClick={refresh}>
              {t('buttons.refresh')}
            </Button>
          </div>
        </Card>
        <Card className="public-card" variant="borderless" title={t('portal.orderInfo.formData')}>
          <UploadAccess.Provider value={{ ident }}>
            <PortalFormData schema={o.template.schema} data={o.form_data} />
          </UploadAccess.Provider>
        </Card>
        <Card className="public-card" variant="borderless" title={t('portal.orderInfo.timeline')}>
          <PublicTimeline timeline={o.timeline} />
        </Card>
      </>
    );
  }

  return <PortalShell>{body}</PortalShell>;
}
