/**
 * The applications list (menu component ApplicationList): name, template, category,
 * bound staff, status and the public form link `/input?app=KEY` (copyable, opens in a new
 * tab), keyword and status filters and the page in the URL, the generic table export, and
 * per row (as the route grants) edit, link and QR code with key rotation, bound staff,
 * enable/disable and delete (refused with a 409 while it has orders).
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Card, Space, Table, Typography, type TableColumnsType } from 'antd';
import { LinkOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { FILTERED_TABLE, filteredQuery, KeywordStatusFilters } from '../../components/KeywordStatusFilters.tsx';
import TableExport from '../../components/export/TableExport.tsx';
import type { ExportColumn } from '../../components/export/exportRows.ts';
import ApplicationForm from './ApplicationForm.tsx';
import ApplicationLink from './ApplicationLink.tsx';
import ApplicationStaff from './ApplicationStaff.tsx';
import { publicLink } from './publicLink.ts';

export default function ApplicationList() {
  const { t } = useTranslation();
  const can = usePermission();
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(FILTERED_TABLE);
  const query = useMemo(() => filteredQuery(state), [state]);
  const [editing, setEditing] = useState<ApplicationItem | 'new' | null>(null);
  const [linkOf, setLinkOf] = useState<ApplicationItem | null>(null);
  const [staffOf, setStaffOf] = useState<ApplicationItem | null>(null);
  const list = useQuery({
    queryKey: keys.applications.list(query),
    queryFn: () => call('applicationList', query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.applications.all });

  const toggle = (r: ApplicationItem) => {
    const enable = r.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: r.name }),
      content: t(enable ? 'application.enableContent' : 'application.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('applicationUpdate', { id: r.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };
  const remove = (r: ApplicationItem) =>
    confirmAction({
      title: t('org.deleteTitle', { name: r.name }),
      content: t('application.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => call('applicationDelete', { id: r.id }),
      done: t('org.deleted'),
      onDone: refresh,
    });

  const columns: TableColumnsType<ApplicationItem> = [
    {
      title: t('application.fields.name'),
      dataIndex: 'name',
      width: 240,
      render: (v: string, r) => (
        <div>
          <Typography.Text strong>{v}</Typography.Text>
          {r.description ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.description}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('application.fields.template'), dataIndex: 'template_name', width: 180 },
    { title: t('application.fields.category'), dataIndex: 'category_name', width: 140, render: (v: string | null) => v || '-' },
    {
      title: t('application.fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: number) =>
        v === 1 ? <Badge status="success" text={t('application.status.enabled')} /> : <Badge status="default" text={t('application.status.disabled')} />,
    },
    {
      title: t('application.fields.link'),
      dataIndex: 'app_key',
      width: 380,
      render: (key: string) => {
        const path = publicLink(key);
        return (
          <Typography.Link
            style={{ whiteSpace: 'nowrap' }}
            href={path}
            target="_blank"
            rel="noreferrer"
            copyable={{ text: `${window.location.origin}${path}`, tooltips: [t('buttons.copy'), t('buttons.copied')] }}
            data-testid={`app-link-${key}`}
          >
            <LinkOutlined /> {path}
          </Typography.Link>
        );
      },
    },
    { title: t('application.fields.staff'), dataIndex: 'bound_count', width: 100, align: 'right' },
    { title: t('application.fields.createdAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 330,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<QrcodeOutlined />} onClick={() => setLinkOf(r)} data-testid="application-qr">
            {t('application.link.open')}
          </Button>
          {can('application.edit') ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="application-edit">
              {t('org.actions.edit')}
            </Button>
          ) : null}
          {can('application.edit') ? (
            <Button type="link" size="small" onClick={() => setStaffOf(r)} data-testid="application-staff">
              {t('application.staff.open')}
            </Button>
          ) : null}
          {can(`application.${r.status === 1 ? 'disable' : 'enable'}`) ? (
            <Button type="link" size="small" onClick={() => toggle(r)} data-testid="application-status">
              {t(r.status === 1 ? 'org.actions.disable' : 'org.actions.enable')}
            </Button>
          ) : null}
          {can('application.delete') ? (
            <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="application-delete">
              {t('org.actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const exportColumns: ExportColumn<ApplicationItem>[] = [
    { title: t('application.fields.name'), dataIndex: 'name' },
    { title: t('application.fields.template'), dataIndex: 'template_name' },
    { title: t('application.fields.category'), dataIndex: 'category_name' },
    { title: t('application.fields.status'), exportValue: (r) => t(r.status === 1 ? 'application.status.enabled' : 'application.status.disabled') },
    { title: t('application.fields.link'), exportValue: (r) => `${window.location.origin}${publicLink(r.app_key)}` },
    { title: t('application.fields.createdAt'), exportValue: (r) => formatTime(r.created_at) },
  ];

  return (
    <Card
      className="page-card"
      title={t('menu.application')}
      variant="borderless"
      extra={
        <Space>
          <TableExport
            columns={exportColumns}
            skipLast={false}
            data={async () => (await call('applicationList', { ...query, pageNo: 1, pageSize: 100 })).data}
            data-testid="export-applications"
          >
            {t('application.export')}
          </TableExport>
          {can('application.add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="application-add">
              {t('application.add')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <KeywordStatusFilters state={state} update={update} placeholder={t('org.keyword')} testId="application" />
      <Table<ApplicationItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1650 }}
        pagination={pagination(list.data?.totalCount)}
      />
      <ApplicationForm item={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ApplicationStaff app={staffOf} onClose={() => setStaffOf(null)} onSaved={refresh} />
      <ApplicationLink
        app={linkOf}
        canRotate={can('application.edit')}
        onClose={() => setLinkOf(null)}
        onRotated={(next) => {
          setLinkOf(next);
          refresh();
        }}
      />
    </Card>
  );
}
