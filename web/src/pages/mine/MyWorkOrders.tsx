/**
 * "My work orders" (menu component MyWorkOrders): tabs 待我处理 / 我创建的 / 我审核的
 * (handling / created / reviewed), a status filter, a paged table with links to the detail
 * and, on orders I handle that are in processing, an inline complete. Tab, status and page
 * live in the URL.
 */
import { useCallback, useMemo } from 'react';
import { Card, Select, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { WORK_ORDER_STATUSES, type WorkOrder } from '@swo/contract';
import { myWorkOrders, type MyWorkOrderParams, type MyWorkOrderType } from '../../app/api.ts';
import { invalidateWorkOrders, keys } from '../../app/queryKeys.ts';
import { param, urlTable } from '../../app/urlTable.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import CompleteButton from '../workorder/CompleteButton.tsx';
import { orderColumns } from '../workorder/orderColumns.tsx';

const TYPES: readonly MyWorkOrderType[] = ['handling', 'created', 'reviewed'];

const MY_TABLE = urlTable({
  type: param.oneOf(TYPES, 'handling'),
  status: param.oneOf(WORK_ORDER_STATUSES, ''),
});

export default function MyWorkOrders() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(MY_TABLE);
  const { type, status } = state;
  const query: MyWorkOrderParams = useMemo(
    () => ({ type: state.type, status: state.status || undefined, pageNo: state.pageNo, pageSize: state.pageSize }),
    [state],
  );

  const list = useQuery({
    queryKey: keys.myWorkOrders.list(query),
    queryFn: () => myWorkOrders(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => void invalidateWorkOrders(queryClient), [queryClient]);

  const base = pathname.replace(/\/$/, '');
  const columns: TableColumnsType<WorkOrder> = [
    ...orderColumns(t, base, 'updated_at'),
    {
      title: t('workOrder.fields.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Link to={`${base}/detail/${r.id}`}>{t('workOrder.actions.detail')}</Link>
          {r.allowed_actions.includes('complete') ? (
            <CompleteButton orderId={r.id} orderNo={r.order_no} version={r.version} size="small" type="link" onDone={refresh} />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card className="page-card" title={t('menu.workorder.mine')} variant="borderless">
      <Tabs
        className="mine-tabs"
        activeKey={type}
        onChange={(k) => update({ type: k as MyWorkOrderType, status: undefined })}
        items={TYPES.map((k) => ({ key: k, label: t(`mine.tabs.${k}`) }))}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          value={status}
          onChange={(v: typeof status) => update({ status: v })}
          style={{ width: 180 }}
          aria-label={t('workOrder.fields.status')}
          data-testid="mine-status"
          options={[{ value: '', label: t('workOrder.status.all') }, ...WORK_ORDER_STATUSES.map((s) => ({ value: s, label: t(`workOrder.status.${s}`) }))]}
        />
        <Typography.Text type="secondary">{t(`mine.hints.${type}`)}</Typography.Text>
      </Space>
      <Table<WorkOrder>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
