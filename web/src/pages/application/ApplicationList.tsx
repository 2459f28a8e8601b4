/**
 * The applications list (menu component ApplicationList): name, template, category,
 * status and the public form link `/input?app=KEY` (copyable, opens in a new tab), with
 * the generic table export of all applications. The page lives in the URL.
 */
import { Badge, Card, Table, Typography, type TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { applicationList } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { urlTable } from '../../app/urlTable.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import TableExport from '../../components/export/TableExport.tsx';
import type { ExportColumn } from '../../components/export/exportRows.ts';

/** The public form link of an application. */
export function publicLink(appKey: string): string {
  return `/input?app=${encodeURIComponent(appKey)}`;
}

const APPLICATION_TABLE = urlTable({});

export default function ApplicationList() {
  const { t } = useTranslation();
  const { state: page, pagination } = useUrlTable(APPLICATION_TABLE);
  const list = useQuery({
    queryKey: keys.applications.list(page),
    queryFn: () => applicationList(page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<ApplicationItem> = [
    {
      title: t('application.fields.name'),
      dataIndex: 'name',
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
    { title: t('application.fields.createdAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
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
        <TableExport columns={exportColumns} skipLast={false} data={async () => (await applicationList(1, 100)).data} data-testid="export-applications">
          {t('application.export')}
        </TableExport>
      }
    >
      <Table<ApplicationItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
