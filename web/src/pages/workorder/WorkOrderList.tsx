/**
 * The work-order list (menu component WorkOrderList): server-side paging, status tabs with
 * counts, filters synced to the URL, and per-row actions: detail, claim (unassigned orders,
 * action `workorder.renling`) and complete (processing orders the current user handles).
 * Rows can be selected for batch claim / assign / reject; the toolbar has new order
 * (`add`), export (`export`) and import (`import`), each shown only with its action.
 * After an action the list and the counts are refreshed.
 */
import { useCallback, useEffect, useState } from 'react';
import { Card, Flex, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { canTransition, type WorkOrder } from '@swo/contract';
import { applicationList, statusCounts, workOrderList } from '../../app/api.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSession } from '../../app/session.ts';
import BatchActions from './BatchActions.tsx';
import ClaimButton from './ClaimButton.tsx';
import CompleteButton from './CompleteButton.tsx';
import CreateOrderButton from './CreateOrderButton.tsx';
import ExportButton from './ExportButton.tsx';
import ImportButton from './ImportButton.tsx';
import ListFilters from './ListFilters.tsx';
import { useListFilters } from './listParams.ts';
import StatusTabs from './StatusTabs.tsx';
import { orderColumns } from './orderColumns.tsx';

export default function WorkOrderList() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const can = usePermission();
  const staffId = useSession((s) => s.info?.staff_id);
  const { filters, update, query } = useListFilters();

  const list = useQuery({
    queryKey: ['workorders', query],
    queryFn: () => workOrderList(query),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ queryKey: ['workorder-counts'], queryFn: statusCounts });
  const apps = useQuery({ queryKey: ['applications', 'all'], queryFn: () => applicationList(1, 100) });

  const [selected, setSelected] = useState<WorkOrder[]>([]);
  // A new page or filter starts a new selection.
  useEffect(() => setSelected([]), [query]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['workorders'] });
    void queryClient.invalidateQueries({ queryKey: ['workorder-counts'] });
    void queryClient.invalidateQueries({ queryKey: ['workorder'] });
  }, [queryClient]);

  const base = pathname.replace(/\/$/, '');
  const canClaim = can('workorder.renling');
  const canBatch = canClaim || can('workorder.zhipai');
  const applications = apps.data?.data ?? [];

  const columns: TableColumnsType<WorkOrder> = [
    ...orderColumns(t, base, 'created_at'),
    {
      title: t('workOrder.fields.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Link to={`${base}/detail/${r.id}`}>{t('workOrder.actions.detail')}</Link>
          {canTransition('claim', r.status) && canClaim ? <ClaimButton orderId={r.id} size="small" type="link" onDone={refresh} /> : null}
          {canTransition('complete', r.status) && staffId != null && staffId === r.handler_id ? (
            <CompleteButton orderId={r.id} orderNo={r.order_no} size="small" type="link" onDone={refresh} />
          ) : null}
        </Space>
      ),
    },
  ];

  const page = list.data;
  const afterBatch = () => {
    setSelected([]);
    refresh();
  };
  return (
    <Card
      className="page-card"
      title={t('menu.workorder.list')}
      variant="borderless"
      extra={
        <Space wrap>
          {can('workorder.add') ? <CreateOrderButton applications={applications} onDone={refresh} /> : null}
          {can('workorder.import') ? <ImportButton applications={applications} onDone={refresh} /> : null}
          {can('workorder.export') ? <ExportButton query={query} /> : null}
        </Space>
      }
    >
      <StatusTabs value={filters.status} counts={counts.data} onChange={(status) => update({ status })} />
      <ListFilters filters={filters} applications={applications} onChange={update} onRefresh={refresh} />
      {canBatch ? (
        <Flex className="list-toolbar" style={{ marginBottom: 12 }}>
          <BatchActions selected={selected} can={can} onDone={afterBatch} />
        </Flex>
      ) : null}
      <Table<WorkOrder>
        rowKey="id"
        rowSelection={
          canBatch
            ? {
                selectedRowKeys: selected.map((o) => o.id),
                onChange: (_, rows) => setSelected(rows),
                columnWidth: 40,
              }
            : undefined
        }
        size="middle"
        columns={columns}
        dataSource={page?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1150 }}
        pagination={{
          current: filters.pageNo,
          pageSize: filters.pageSize,
          total: page?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('table.total', { total }),
        }}
        onChange={(p) => update({ pageNo: p.current, pageSize: p.pageSize })}
      />
    </Card>
  );
}
