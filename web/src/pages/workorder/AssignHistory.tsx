/** The assignment history of an order (claim, assign, reassign, automatic dispatch) as a small table. */
import { Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assignRecords, type AssignRecord } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';

export default function AssignHistory({ orderId, version }: { orderId: number; version: number }) {
  const { t, i18n } = useTranslation();
  const history = useQuery({ queryKey: keys.workOrders.assignHistory(orderId, version), queryFn: () => assignRecords(orderId) });
  const actionLabel = (a: string) => (i18n.exists(`assignHistory.actions.${a}`) ? t(`assignHistory.actions.${a}`) : a);
  const name = (n: string | null) => (!n ? '-' : n === 'system' ? t('workOrder.records.system') : n);
  const columns: TableColumnsType<AssignRecord> = [
    { title: t('assignHistory.time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    { title: t('assignHistory.action'), dataIndex: 'action', width: 90, render: actionLabel },
    { title: t('assignHistory.by'), dataIndex: 'actor_name', width: 100, render: name },
    {
      title: t('assignHistory.to'),
      dataIndex: 'target_name',
      width: 100,
      render: (v: string | null, r) => name(v ?? (r.action === 'claim' ? r.actor_name : null)),
    },
    { title: t('assignHistory.note'), dataIndex: 'note', render: (v: string | null) => v || '-' },
  ];
  return (
    <Table<AssignRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={history.data ?? []}
      loading={history.isFetching}
      pagination={false}
      scroll={{ x: 560 }}
      data-testid="assign-history"
      locale={{ emptyText: t('assignHistory.empty') }}
    />
  );
}
