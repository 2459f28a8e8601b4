/**
 * The columns every work-order table shows (order no. linking to the detail, title,
 * application, status, handler, requester and one time), so the list and "my work
 * orders" read the same. Callers add their own action column.
 */
import { Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { WorkOrder } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import StatusTag from './StatusTag.tsx';

export function orderColumns(t: TFunction, base: string, time: 'created_at' | 'updated_at'): TableColumnsType<WorkOrder> {
  return [
    {
      title: t('workOrder.fields.orderNo'),
      dataIndex: 'order_no',
      width: 160,
      render: (v: string, r) => (
        <Link to={`${base}/detail/${r.id}`} className="order-no">
          {v}
        </Link>
      ),
    },
    {
      title: t('workOrder.fields.title'),
      dataIndex: 'title',
      // Cut by CSS, the whole title in a tooltip: Typography's ellipsis measured every
      // cell to know whether it was cut (a forced layout each: 71 ms of a first list of 20).
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip placement="topLeft" title={v}>
          {v}
        </Tooltip>
      ),
    },
    { title: t('workOrder.fields.application'), dataIndex: 'application_name', width: 120, ellipsis: true },
    { title: t('workOrder.fields.status'), dataIndex: 'status', width: 175, render: (v: string) => <StatusTag status={v} /> },
    { title: t('workOrder.fields.handler'), dataIndex: 'handler_name', width: 130, ellipsis: true, render: (v: string | null) => v || '-' },
    { title: t('workOrder.fields.requester'), dataIndex: 'requester_name', width: 110, ellipsis: true },
    {
      title: t(time === 'created_at' ? 'workOrder.fields.createdAt' : 'workOrder.fields.updatedAt'),
      dataIndex: time,
      width: 175,
      render: (v: string) => formatTime(v),
    },
  ];
}
