/**
 * /editInput?id=&ident= (public): a rejected order's form, pre-filled, checked with the
 * server's rules before sending; submitting saves it and resubmits the order (editWorkNew),
 * then a success result links back to the order. An order that is no longer rejected
 * shows why it cannot be edited; someone else's order shows a friendly "not found".
 */
import { useState } from 'react';
import { Alert, Button, Card, Result, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invalidatePortal, keys } from '../../app/queryKeys.ts';
import { ApiError } from '../../app/request.ts';
import TemplateForm, { type RequesterSubmission } from '../../components/form/TemplateForm.tsx';
import StatusTag from '../workorder/StatusTag.tsx';
import { editAndResubmit, myOrder } from './api.ts';
import { portalPath, usePortalIdent } from './ident.ts';
import { UploadAccess } from '../../components/form/uploads.tsx';
import NotFoundCard from './NotFoundCard.tsx';
import LoadingOrFailed from './LoadingOrFailed.tsx';
import PortalShell from './PortalShell.tsx';
import { asTemplate } from './template.ts';

export default function EditInputPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ident, id } = usePortalIdent();
  const [doneStatus, setDoneStatus] = useState<string | null>(null);
  const listPath = ident ? portalPath('/orderList', ident) : '/orderList';
  const infoPath = portalPath('/orderInfo', ident, id);
  const detail = useQuery({ queryKey: keys.portal.order(ident, id), queryFn: () => myOrder(ident, id), enabled: !!ident && !!id });

  const submit = async ({ form_data }: RequesterSubmission) => {
    const reply = await editAndResubmit({ ident, id, form_data });
    setDoneStatus(reply.status);
    void invalidatePortal(queryClient, ident);
    window.scrollTo({ top: 0 });
  };

  const notFound = !ident || !id || (detail.error instanceof ApiError && [400, 404].includes(detail.error.code));
  let body;
  if (notFound) {
    body = <NotFoundCard listPath={listPath} />;
  } else if (doneStatus) {
    body = (
      <Card className="public-card" variant="borderless">
        <Result
          status="success"
          title={t('portal.edit.doneTitle')}
          subTitle={
            <span>
              {t('portal.edit.doneDescription')} <StatusTag status={doneStatus} />
            </span>
          }
          extra={[
            <Button key="info" type="primary" onClick={() => void navigate(infoPath)} data-testid="portal-view-order">
              {t('portal.actions.viewOrder')}
            </Button>,
            <Button key="list" onClick={() => void navigate(listPath)}>
              {t('portal.actions.myOrders')}
            </Button>,
          ]}
        />
      </Card>
    );
  } else if (detail.isError || !detail.data) {
    body = <LoadingOrFailed failed={detail.isError} onRetry={() => void detail.refetch()} />;
  } else if (detail.data.status !== 'rejected') {
    body = (
      <Card className="public-card" variant="borderless">
        <Result
          status="info"
          title={t('portal.edit.notEditable')}
          subTitle={<StatusTag status={detail.data.status} />}
          extra={
            <Button type="primary" onClick={() => void navigate(infoPath)}>
              {t('portal.actions.viewOrder')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    const o = detail.data;
    body = (
      <Card className="public-card" variant="borderless">
        <Typography.Title level={4} className="public-title">
          {t('portal.edit.title')}
        </Typography.Title>
        <div className="public-subtitle">
          {o.order_no} · {o.application_name}
        </div>
        {o.reason ? (
          <Alert style={{ margin: '12px 0 20px' }} type="error" showIcon message={t('portal.orderInfo.rejectedTitle')} description={o.reason} />
        ) : null}
        <UploadAccess.Provider value={{ appKey: o.app_key, ident }}>
          <TemplateForm
            template={asTemplate(o.template.schema)}
            data={o.form_data}
            withRequester={false}
            submitLabel={t('portal.edit.submit')}
            submitTestId="portal-resubmit"
            onSubmit={submit}
          />
        </UploadAccess.Provider>
        <Button block type="link" style={{ marginTop: 8 }} onClick={() => void navigate(infoPath)}>
          {t('portal.edit.cancel')}
        </Button>
      </Card>
    );
  }

  return <PortalShell>{body}</PortalShell>;
}
