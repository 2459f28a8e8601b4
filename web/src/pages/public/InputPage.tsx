/**
 * The public requester form /input?app=APP_KEY (no layout, no token, phone-friendly): loads
 * the application's template, renders it with the requester's name and phone, submits the
 * order and shows its number with links to the order (/orderInfo) and to the requester's
 * orders (/orderList). The requester's identification is kept in local storage
 * under 'ident'. An unknown application key shows a 404 result. The submitted order lives
 * in the history entry's state, so Back from the order page shows it again.
 */
import { useState, type MouseEvent } from 'react';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CreateWorkReply, FormTemplate } from '@swo/contract';
import { createWork, templateData } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { getItem, setItem, STORAGE_KEYS } from '../../app/storage.ts';
import PublicTop from '../../components/PublicTop.tsx';
import TemplateForm, { type RequesterSubmission } from '../../components/form/TemplateForm.tsx';
import { UploadAccess } from '../../components/form/uploads.tsx';
import { portalPath } from '../portal/ident.ts';

function asTemplate(schema: unknown): FormTemplate {
  const s = (schema && typeof schema === 'object' ? schema : {}) as Partial<FormTemplate>;
  return { list: Array.isArray(s.list) ? s.list : [], config: s.config };
}

export default function InputPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appKey = (useSearchParams()[0].get('app') ?? '').trim();
  const location = useLocation();
  const done = (location.state as { done?: CreateWorkReply } | null)?.done ?? null;
  const setDone = (reply: CreateWorkReply | null) =>
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: reply ? { done: reply } : null });
  const [formKey, setFormKey] = useState(0);

  const data = useQuery({
    queryKey: keys.publicTemplate(appKey),
    queryFn: () => templateData(appKey),
    enabled: !!appKey,
  });

  const submit = async (s: RequesterSubmission) => {
    const ident = getItem<string>(STORAGE_KEYS.ident, '') || '';
    const reply = await createWork({ app_key: appKey, ...s, ...(ident ? { ident } : {}) });
    if (reply.ident) setItem(STORAGE_KEYS.ident, reply.ident);
    setDone(reply);
    window.scrollTo({ top: 0 });
  };

  let body;
  const envelope = data.data;
  if (!appKey || (envelope && envelope.code === 404)) {
    body = <Result status="404" title={t('input.notFound.title')} subTitle={t('input.notFound.description')} />;
  } else if (data.isError || (envelope && (envelope.code !== 200 || !envelope.data))) {
    body = (
      <Result
        status="500"
        title={t('input.loadFailed')}
        subTitle={envelope?.msg}
        extra={<Button onClick={() => void data.refetch()}>{t('buttons.retry')}</Button>}
      />
    );
  } else if (!envelope?.data) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (done) {
    // Real links (they can be bookmarked or shared), followed inside the SPA.
    const infoPath = portalPath('/orderInfo', done.ident, done.id);
    const listPath = portalPath('/orderList', done.ident);
    const follow = (to: string) => (e: MouseEvent) => {
      e.preventDefault();
      void navigate(to);
    };
    body = (
      <Result
        status="success"
        title={t('input.success.title')}
        subTitle={t('input.success.description')}
        extra={[
          <Button key="info" type="primary" href={infoPath} onClick={follow(infoPath)} data-testid="view-my-order">
            {t('portal.actions.viewOrder')}
          </Button>,
          <Button key="list" href={listPath} onClick={follow(listPath)} data-testid="my-orders">
            {t('portal.actions.myOrders')}
          </Button>,
          <Button
            key="again"
            onClick={() => {
              setDone(null);
              setFormKey((k) => k + 1);
            }}
          >
            {t('input.success.again')}
          </Button>,
        ]}
      >
        <div className="order-number-box">
          <Typography.Text type="secondary">{t('input.success.orderNo')}</Typography.Text>
          <Typography.Title level={3} copyable style={{ margin: '4px 0 0' }} data-testid="order-no">
            {done.order_no}
          </Typography.Title>
        </div>
      </Result>
    );
  } else {
    const { application, template } = envelope.data;
    body = (
      <>
        <Typography.Title level={3} className="public-title">
          {application.name}
        </Typography.Title>
        <div className="public-subtitle">{application.company_name}</div>
        {application.description ? <Typography.Paragraph type="secondary">{application.description}</Typography.Paragraph> : null}
        <UploadAccess.Provider value={{ appKey }}>
          <TemplateForm key={formKey} template={asTemplate(template.schema)} onSubmit={submit} />
        </UploadAccess.Provider>
      </>
    );
  }

  return (
    <div className="public-page">
      <PublicTop />
      <Card className="public-card" variant="borderless">
        {body}
      </Card>
    </div>
  );
}
