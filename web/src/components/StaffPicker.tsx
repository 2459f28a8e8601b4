/**
 * Picks the staff member who receives an order: the staff who may handle orders
 * (`employee_list`, bound to the application first, then the least loaded), with a
 * department filter built from the list itself (there is no department call yet), a search
 * over name, job number, department and position, each person's open-order load, and the
 * staff bound to the application marked. Clicking a row selects it.
 */
import { useMemo, useState } from 'react';
import { Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@swo/contract';
import { employeeList } from '../app/api.ts';
import { keys } from '../app/queryKeys.ts';

/** An open-order load above this shows in warning colours. */
const BUSY_LOAD = 5;

export interface StaffPickerProps {
  /** Orders of this application: its bound staff are marked and listed first. */
  applicationId?: number;
  value?: number;
  onChange: (id: number, employee: Employee) => void;
  /** Staff not to offer (e.g. the current handler of a reassignment). */
  excludeId?: number | null;
}

/** Employees matching a department id ('' = all) and a search text. */
export function filterEmployees(list: Employee[], department: string, text: string): Employee[] {
  const q = text.trim().toLowerCase();
  return list.filter((e) => {
    if (department === 'none' ? e.department_id !== null : department && String(e.department_id) !== department) return false;
    if (!q) return true;
    return [e.name, e.job_number, e.department_name, e.position_name].some((s) => (s ?? '').toLowerCase().includes(q));
  });
}

export default function StaffPicker({ applicationId, value, onChange, excludeId }: StaffPickerProps) {
  const { t } = useTranslation();
  const [department, setDepartment] = useState('');
  const [text, setText] = useState('');
  const staff = useQuery({
    queryKey: keys.staff.assignable(applicationId),
    queryFn: () => employeeList(applicationId ? { application_id: applicationId } : {}),
  });
  const all = useMemo(() => (staff.data ?? []).filter((e) => e.id !== excludeId), [staff.data, excludeId]);
  const departments = useMemo(() => {
    const seen = new Map<string, string>();
    let none = false;
    for (const e of all) {
      if (e.department_id === null) none = true;
      else if (!seen.has(String(e.department_id))) seen.set(String(e.department_id), e.department_name ?? String(e.department_id));
    }
    const opts = [...seen.entries()].map(([v, label]) => ({ value: v, label }));
    if (none) opts.push({ value: 'none', label: t('staffPicker.noDepartment') });
    return [{ value: '', label: t('staffPicker.allDepartments') }, ...opts];
  }, [all, t]);
  const rows = useMemo(() => filterEmployees(all, department, text), [all, department, text]);

  const columns: TableColumnsType<Employee> = [
    {
      title: t('staffPicker.name'),
      dataIndex: 'name',
      render: (v: string, e) => (
        <Space size={4} wrap>
          <Typography.Text strong>{v}</Typography.Text>
          {applicationId && e.bound ? (
            <Tooltip title={t('staffPicker.boundHint')}>
              <Tag color="green" bordered={false}>
                {t('staffPicker.bound')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: t('staffPicker.jobNumber'), dataIndex: 'job_number', width: 100, render: (v: string) => v || '-' },
    {
      title: t('staffPicker.department'),
      dataIndex: 'department_name',
      width: 150,
      ellipsis: true,
      render: (v: string | null, e) => (
        <span>
          {v || '-'}
          {e.position_name ? <Typography.Text type="secondary"> · {e.position_name}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('staffPicker.load'),
      dataIndex: 'open_count',
      width: 110,
      align: 'right',
      render: (n: number) => (
        <Tooltip title={t('staffPicker.loadHint')}>
          <Tag color={n === 0 ? 'default' : n > BUSY_LOAD ? 'orange' : 'blue'} bordered={false} data-testid="staff-load">
            {t('staffPicker.openCount', { n })}
          </Tag>
        </Tooltip>
      ),
    },
  ];

  return (
    <div className="staff-picker">
      <Space.Compact block style={{ marginBottom: 8 }}>
        <Select
          value={department}
          options={departments}
          onChange={setDepartment}
          style={{ width: 180 }}
          aria-label={t('staffPicker.department')}
          data-testid="staff-department"
        />
        <Input.Search allowClear placeholder={t('staffPicker.search')} value={text} onChange={(e) => setText(e.target.value)} data-testid="staff-search" />
      </Space.Compact>
      <Table<Employee>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={staff.isFetching}
        pagination={false}
        scroll={{ y: 280 }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: value ? [value] : [],
          onChange: (_, sel) => sel[0] && onChange(sel[0].id, sel[0]),
        }}
        onRow={(e) => ({ onClick: () => onChange(e.id, e), style: { cursor: 'pointer' } })}
        locale={{ emptyText: t('staffPicker.empty') }}
      />
    </div>
  );
}
