/**
 * The work-order detail page (/orders/workorder/detail/:id and /orders/mine/detail/:id,
 * hidden from the menu): the order's facts, its form data in the template's layout, the
 * records timeline, the assignment history and the actions the server allows now.
 */
import { useMemo } from 'react';
import { templateFields } from '@swo/contract';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { workOrderDetail } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { invalidateWorkOrders, keys } from '../../app/queryKeys.ts';
import { ApiError } from '../../app/request.ts';
import AssignHistory from './AssignHistory.tsx';
import DetailActions from './DetailActions.tsx';
import FormDataView from './FormDataView.tsx';
import RecordsTimeline from './RecordsTimeline.tsx';
import StatusTag from './StatusTag.tsx';
import { asTemplate } from './templateOf.ts';

export default function WorkOrderDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;

  const detail = useQuery({
    queryKey: keys.workOrders.detail(id),
    queryFn: () => workOrderDetail(id),
    enabled: valid,
  });

  const schema = detail.data?.template?.schema;
  const labels = useMemo(() => Object.fromEntries(templateFields(asTemplate(schema)).map((f) => [f.model, f.label])), [schema]);

  const refresh = () => void invalidateWorkOrders(queryClient);

  // The list this detail hangs under: the path without '/detail/:id'.
  const back = () => void navigate(pathname.replace(/\/detail\/[^/]*$/, '') || '/');

  if (!valid || (detail.error instanceof ApiError && detail.error.code === 404)) {
    return (
      <Card variant="borderless">
        <Result status="404" title="404" subTitle={t('workOrder.detail.notFound')} extra={<Button onClick={back}>{t('buttons.back')}</Button>} />
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Card variant="borderless">
        <Result status="error" title={t('workOrder.detail.loadFailed')} extra={<Button onClick={() => void detail.refetch()}>{t('buttons.retry')}</Button>} />
      </Card>
    );
  }
  const o = detail.data;
  if (!o) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const afterDelete = () => {
    void invalidateWorkOrders(queryClient, { deletedId: id });
    back();
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space size={12} wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('buttons.back')} />
            <span>{t('workOrder.detail.title')}</span>
            <Typography.Text copyable className="detail-order-no">
              {o.order_no}
            </Typography.Text>
            <StatusTag status={o.status} />
          </Space>
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('buttons.refresh')}
          </Button>
        }
      >
        <div className="detail-actions-bar" style={{ marginBottom: 16 }}>
          <DetailActions order={o} onDone={refresh} onDeleted={afterDelete} />
        </div>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'order_no', label: t('workOrder.fields.orderNo'), children: o.order_no },
            { key: 'status', label: t('workOrder.fields.status'), children: <StatusTag status={o.status} /> },
            { key: 'application', label: t('workOrder.fields.application'), children: o.application_name || '-' },
            { key: 'title', label: t('workOrder.fields.title'), children: o.title, span: 2 },
            { key: 'category', label: t('workOrder.fields.category'), children: o.category_name || '-' },
            { key: 'requester', label: t('workOrder.fields.requester'), children: o.requester_name || '-' },
            { key: 'phone', label: t('workOrder.fields.phone'), children: o.requester_phone || '-' },
            { key: 'handler', label: t('workOrder.fields.handler'), children: o.handler_name || '-' },
            { key: 'created_at', label: t('workOrder.fields.createdAt'), children: formatTime(o.created_at) },
            { key: 'updated_at', label: t('workOrder.fields.updatedAt'), children: formatTime(o.updated_at) },
            { key: 'template', label: t('workOrder.fields.template'), children: `${o.template?.name ?? '-'} (v${o.template?.version ?? o.template_version})` },
            ...(o.reason ? [{ key: 'reason', label: t('workOrder.fields.reason'), children: o.reason, span: 3 }] : []),
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card variant="borderless" title={t('workOrder.detail.formData')}>
              <FormDataView schema={o.template?.schema} data={o.form_data ?? {}} />
            </Card>
            <Card variant="borderless" title={t('assignHistory.title')}>
              <AssignHistory orderId={o.id} version={o.version} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <Card variant="borderless" title={t('workOrder.detail.records')}>
            <RecordsTimeline records={o.records ?? []} labels={labels} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
