/**
 * The work-order list (menu component WorkOrderList): server-side paging, status tabs with
 * counts, filters synced to the URL, and per-row actions: detail, claim and complete, each
 * shown when the row's `allowed_actions` (the server's policy) has it.
 * Rows can be selected for batch claim / assign / reject; the toolbar has new order
 * (`add`), export (`export`) and import (`import`), each shown only with its action.
 * After an action the list and the counts are refreshed.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Card, Flex, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { WorkOrder } from '@swo/contract';
import { applicationList, staffApplications, statusCounts, workOrderList } from '../../app/api.ts';
import { invalidateWorkOrders, keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import BatchActions, { BATCH_KINDS } from './BatchActions.tsx';
import ClaimButton from './ClaimButton.tsx';
import CompleteButton from './CompleteButton.tsx';
import CreateOrderButton from './CreateOrderButton.tsx';
import ExportButton from './ExportButton.tsx';
import ImportButton from './ImportButton.tsx';
import ListFilters from './ListFilters.tsx';
import { useListFilters } from './listParams.ts';
import StatusTabs from './StatusTabs.tsx';
import { orderColumns } from './orderColumns.tsx';
import { useRoleCan } from './useRoleCan.ts';

/** The table's hidden measuring row copies the header (the select-all checkbox): keep it out of focus. */
function useInertMeasureRow(ref: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    for (const row of ref.current?.querySelectorAll('.ant-table-measure-row') ?? []) {
      row.setAttribute('inert', '');
      for (const el of row.querySelectorAll('input, button, a, [tabindex]')) el.setAttribute('tabindex', '-1');
    }
  });
}

export default function WorkOrderList() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const can = usePermission();
  const roleCan = useRoleCan();
  const { filters, update, query, pagination } = useListFilters();

  const list = useQuery({
    queryKey: keys.workOrders.list(query),
    queryFn: () => workOrderList(query),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ queryKey: keys.workOrders.counts(), queryFn: statusCounts });
  // Handlers and reviewers may not read every application: they get the ones bound to them.
  const readsAll = roleCan('application.query');
  const apps = useQuery({
    queryKey: keys.applications.choices(readsAll ? 'all' : 'bound'),
    queryFn: async () => (readsAll ? (await applicationList(1, 100)).data : staffApplications()),
  });

  const tableRef = useRef<HTMLDivElement>(null);
  useInertMeasureRow(tableRef);
  const [selected, setSelected] = useState<WorkOrder[]>([]);
  // A new page or filter starts a new selection.
  useEffect(() => setSelected([]), [query]);

  const refresh = useCallback(() => void invalidateWorkOrders(queryClient), [queryClient]);

  const base = pathname.replace(/\/$/, '');
  const canClaim = can('workorder.renling');
  const canBatch = canClaim || can('workorder.zhipai');
  const applications = apps.data ?? [];

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
          {r.allowed_actions.includes('claim') ? <ClaimButton orderId={r.id} size="small" type="link" onDone={refresh} /> : null}
          {r.allowed_actions.includes('complete') ? <CompleteButton orderId={r.id} orderNo={r.order_no} size="small" type="link" onDone={refresh} /> : null}
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
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('workOrder.loadFailed')}
          description={list.error instanceof Error ? list.error.message : undefined}
          action={
            <Button size="small" onClick={() => void list.refetch()} data-testid="list-retry">
              {t('buttons.retry')}
            </Button>
          }
          data-testid="list-error"
        />
      ) : null}
      <div ref={tableRef}>
        <Table<WorkOrder>
          rowKey="id"
          rowSelection={
            canBatch
              ? {
                  selectedRowKeys: selected.map((o) => o.id),
                  onChange: (_, rows) => setSelected(rows),
                  // Only rows some batch action can take.
                  getCheckboxProps: (r) => ({
                    disabled: !BATCH_KINDS.some((k) => r.allowed_actions.includes(k)),
                    'aria-label': t('batch.selectRow', { no: r.order_no }),
                  }),
                  columnWidth: 40,
                }
              : undefined
          }
          size="middle"
          columns={columns}
          // Rows of an earlier reply are not shown as if they were current.
          dataSource={list.isError ? [] : (page?.data ?? [])}
          loading={list.isFetching}
          scroll={{ x: 1150 }}
          pagination={pagination(page?.totalCount, page?.totalCapped)}
        />
      </div>
    </Card>
  );
}
