/**
 * Companies (menu component CompanyList, platform administrators): keyword and status
 * filters and the page in the URL; name, time zone, active staff, administrators, whether
 * they must use two-factor sign-in, status and creation time; as the route grants: add (with
 * a first administrator), edit (name, time zone, two-factor for administrators) and enable/disable, asking and saying what follows: a disabled company's
 * staff lose access to it and its public forms stop working.
 */
import { useMemo, useState } from 'react';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSettings } from '../../app/settings.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import ListCard from '../../components/ListCard.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import CompanyForm from './CompanyForm.tsx';
import { FILTERED_TABLE, KeywordStatusFilters, filteredQuery } from '../../components/KeywordStatusFilters.tsx';
import { utcOffset } from './timeZones.ts';

export default function CompanyList() {
  const { t } = useTranslation();
  const can = usePermission();
  // On a phone a fixed actions column would cover the names.
  const isMobile = useSettings((st) => st.isMobile);
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(FILTERED_TABLE);
  const query = useMemo(() => filteredQuery(state), [state]);
  const [editing, setEditing] = useState<CompanyItem | 'new' | null>(null);
  const list = useQuery({ queryKey: keys.platformCompanies.list(query), queryFn: () => call('platformCompanyList', query), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.platformCompanies.all });

  const toggle = (c: CompanyItem) => {
    const enable = c.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: c.name }),
      content: t(enable ? 'platform.companies.enableContent' : 'platform.companies.disableContent', { n: c.staff_count }),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('platformCompanyStatus', { id: c.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };

  const columns: TableColumnsType<CompanyItem> = [
    { title: t('platform.companies.name'), dataIndex: 'name', width: 170, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: t('platform.companies.timeZone'),
      dataIndex: 'time_zone',
      width: 190,
      render: (z: string) => (
        <span>
          {z} <Typography.Text type="secondary">{utcOffset(z)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('org.fields.staff'),
      dataIndex: 'staff_count',
      width: 90,
      align: 'right',
      render: (n: number) => (
        <Tag bordered={false} color={n ? 'blue' : 'default'}>
          {t('department.staff', { n })}
        </Tag>
      ),
    },
    {
      title: t('platform.companies.admins'),
      dataIndex: 'admins',
      width: 150,
      render: (names: string[]) =>
        names.length ? (
          <Space size={[0, 4]} wrap>
            {names.map((n) => (
              <Tag key={n} bordered={false}>
                {n}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="warning">{t('platform.companies.noAdmin')}</Typography.Text>
        ),
    },
    {
      title: t('platform.companies.twoFactorColumn'),
      dataIndex: 'require_admin_2fa',
      width: 130,
      render: (on: boolean) =>
        on ? (
          <Tag bordered={false} color="green" icon={<SafetyCertificateOutlined />} data-testid="company-2fa-required">
            {t('platform.companies.twoFactorOn')}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('platform.companies.twoFactorOff')}</Typography.Text>
        ),
    },
    { title: t('org.fields.status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusBadge status={s} /> },
    { title: t('org.fields.createdAt'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 130,
      fixed: isMobile ? undefined : 'right',
      render: (_, c) => (
        <Space size={0} wrap>
          {can('company.edit') ? (
            <Button type="link" size="small" onClick={() => setEditing(c)} data-testid="company-edit">
              {t('org.actions.edit')}
            </Button>
          ) : null}
          {can(c.status === 1 ? 'company.disable' : 'company.enable') ? (
            <Button type="link" size="small" danger={c.status === 1} onClick={() => toggle(c)} data-testid="company-status">
              {t(c.status === 1 ? 'org.actions.disable' : 'org.actions.enable')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListCard<CompanyItem>
      title={t('platform.companies.title')}
      testId="company"
      add={{ permission: 'company.add', label: t('platform.companies.add'), onClick: () => setEditing('new') }}
      hint={t('platform.companies.hint')}
      filters={<KeywordStatusFilters state={state} update={update} placeholder={t('platform.companies.keyword')} testId="company" />}
      table={{
        columns,
        dataSource: list.data?.data ?? [],
        loading: list.isFetching,
        scroll: { x: 1120 },
        pagination: pagination(list.data?.totalCount),
      }}
    >
      <CompanyForm company={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListCard>
  );
}
