/**
 * "My work orders" (menu component MyWorkOrders): tabs 待我处理 / 我创建的 / 我审核的
 * (handling / created / reviewed), a status filter, a paged table with links to the detail
 * and, on orders I handle that are in processing, an inline complete. Tab, status and page
 * live in the URL.
 */
import { useCallback } from 'react';
import { Card, Select, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { asStatus, WORK_ORDER_STATUSES, type WorkOrder } from '@swo/contract';
import { myWorkOrders, type MyWorkOrderType } from '../../app/api.ts';
import CompleteButton from '../workorder/CompleteButton.tsx';
import { orderColumns } from '../workorder/orderColumns.tsx';

const TYPES: readonly MyWorkOrderType[] = ['handling', 'created', 'reviewed'];
const PAGE_SIZE = 10;

/** The tab of a URL value (default: handling). */
export function tabOf(v: string | null): MyWorkOrderType {
  return (TYPES as readonly string[]).includes(v ?? '') ? (v as MyWorkOrderType) : 'handling';
}

export default function MyWorkOrders() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const type = tabOf(params.get('type'));
  const status = (WORK_ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || PAGE_SIZE));

  const set = (patch: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      if (!('pageNo' in patch)) next.delete('pageNo');
      return next;
    });

  const list = useQuery({
    queryKey: ['my-workorders', type, status, pageNo, pageSize],
    queryFn: () => myWorkOrders({ type, status: asStatus(status), pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['my-workorders'] });
    void queryClient.invalidateQueries({ queryKey: ['workorders'] });
    void queryClient.invalidateQueries({ queryKey: ['workorder-counts'] });
  }, [queryClient]);

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
        onChange={(k) => set({ type: k === 'handling' ? undefined : k, status: undefined })}
        items={TYPES.map((k) => ({ key: k, label: t(`mine.tabs.${k}`) }))}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          value={status}
          onChange={(v: string) => set({ status: v })}
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
        pagination={{
          current: pageNo,
          pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('table.total', { total }),
        }}
        onChange={(p) => set({ pageNo: p.current, pageSize: p.pageSize })}
      />
    </Card>
  );
}
