/**
 * Departments (menu component DepartmentList): the company's department tree as a tree
 * table with leader, staff count, sort and status (no creation time: it pushed the actions
 * out of a 1440 px screen in English); per row, as the route grants: add a child,
 * edit, enable/disable (asking, with the consequence) and delete (asking; a department
 * with staff or children is refused by the server with a 409 message).
 */
import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSettings } from '../../app/settings.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import StatusBadge from '../../components/StatusBadge.tsx';
import DepartmentForm, { type DepartmentFormMode } from './DepartmentForm.tsx';
import RowActions from './RowActions.tsx';
import { buildDepartmentTree, parentIds, type DepartmentNode } from './departmentTree.ts';

export default function DepartmentList() {
  const { t } = useTranslation();
  const can = usePermission();
  // On a phone a fixed actions column would cover the names.
  const isMobile = useSettings((st) => st.isMobile);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: keys.departments.all, queryFn: () => call('departmentList', {}) });
  const departments = useMemo(() => list.data ?? [], [list.data]);
  const tree = useMemo(() => buildDepartmentTree(departments), [departments]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [mode, setMode] = useState<DepartmentFormMode | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.departments.all });

  const toggle = (d: DepartmentNode) => {
    const enable = d.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: d.name }),
      content: t(enable ? 'department.enableContent' : 'department.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('departmentStatus', { id: d.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };
  const remove = (d: DepartmentNode) =>
    confirmAction({
      title: t('org.deleteTitle', { name: d.name }),
      content: t('department.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => call('departmentDelete', { id: d.id }),
      done: t('org.deleted'),
      onDone: refresh,
    });

  const columns: TableColumnsType<DepartmentNode> = [
    {
      title: t('department.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('department.leader'),
      dataIndex: 'leader_name',
      width: 160,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('department.noLeader')}</Typography.Text>,
    },
    {
      title: t('org.fields.staff'),
      dataIndex: 'staff_count',
      width: 110,
      align: 'right',
      render: (n: number) => (
        <Tag bordered={false} color={n ? 'blue' : 'default'} data-testid="department-staff">
          {t('department.staff', { n })}
        </Tag>
      ),
    },
    { title: t('org.fields.sort'), dataIndex: 'sort', width: 90, align: 'right' },
    { title: t('org.fields.status'), dataIndex: 'status', width: 110, render: (s: number) => <StatusBadge status={s} /> },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 360,
      fixed: isMobile ? undefined : 'right',
      render: (_, d) => (
        <RowActions
          permission="department"
          status={d.status}
          onEdit={() => setMode({ kind: 'edit', department: d })}
          onToggle={() => toggle(d)}
          onDelete={() => remove(d)}
          leading={
            can('department.add') ? (
              <Button type="link" size="small" onClick={() => setMode({ kind: 'add', parentId: d.id })} data-testid="department-add-child">
                {t('department.addChild')}
              </Button>
            ) : null
          }
        />
      ),
    },
  ];

  return (
    <Card
      className="page-card"
      title={t('department.title')}
      variant="borderless"
      extra={
        can('department.add') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add', parentId: 0 })} data-testid="department-add">
            {t('department.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('department.hint')}</Typography.Paragraph>
      {list.isError ? <Alert type="error" showIcon style={{ marginBottom: 12 }} message={list.error instanceof Error ? list.error.message : ''} /> : null}
      <Table<DepartmentNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tree}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1060 }}
        // Expanded to the leaves until the user folds something.
        expandable={{ expandedRowKeys: expanded ?? parentIds(tree), onExpandedRowsChange: (keys) => setExpanded(keys) }}
        locale={{ emptyText: t('department.empty') }}
        data-testid="department-tree"
      />
      <DepartmentForm mode={mode} departments={departments} onClose={() => setMode(null)} onSaved={refresh} />
    </Card>
  );
}
