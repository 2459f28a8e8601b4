/** Per-handler figures of the range (`staffDataList`), paged; the page is the route's :pageNo. */
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffStats } from '@swo/contract';

export const STAFF_PAGE_SIZE = 10;

export default function StaffTable({ rows, loading, pageNo, onPage }: { rows: StaffStats[]; loading: boolean; pageNo: number; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const hours = (v: number | null) => (v == null ? '-' : v.toFixed(1));
  const columns: TableColumnsType<StaffStats> = [
    { title: t('dashboard.staff.name'), dataIndex: 'staff_name', width: 120 },
    { title: t('dashboard.staff.department'), dataIndex: 'department_name', width: 140, render: (v: string | null) => v || '-' },
    { title: t('dashboard.totals.created'), dataIndex: 'created', width: 90, align: 'right', sorter: (a, b) => a.created - b.created },
    { title: t('dashboard.totals.completed'), dataIndex: 'completed', width: 90, align: 'right', sorter: (a, b) => a.completed - b.completed },
    { title: t('dashboard.totals.open'), dataIndex: 'open', width: 90, align: 'right', sorter: (a, b) => a.open - b.open },
    { title: t('dashboard.staff.avgHours'), dataIndex: 'avg_handle_hours', width: 120, align: 'right', render: hours },
    { title: t('dashboard.staff.overdue'), dataIndex: 'overdue', width: 90, align: 'right', sorter: (a, b) => a.overdue - b.overdue },
  ];
  return (
    <Table<StaffStats>
      rowKey="staff_id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 740 }}
      data-testid="staff-table"
      pagination={{ current: pageNo, pageSize: STAFF_PAGE_SIZE, onChange: onPage, hideOnSinglePage: true }}
    />
  );
}
