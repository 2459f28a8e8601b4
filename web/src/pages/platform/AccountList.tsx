/**
 * Accounts (menu component AccountList, platform administrators): the sign-in identities
 * of every company, with keyword and status filters and the page in the URL: username,
 * nickname, phone, e-mail, tags for platform administrators and passwords to be changed,
 * their companies ("company · role"), status and creation time; as the route grants: add,
 * edit, enable/disable (asking: disabling signs the account out at once) and set a
 * password. Nobody disables their own account or sets their own password here. The SMS
 * outbox opens from the card's corner.
 */
import { useMemo, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSession } from '../../app/session.ts';
import { useSettings } from '../../app/settings.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import ListCard from '../../components/ListCard.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import AccountForm from './AccountForm.tsx';
import AccountPassword from './AccountPassword.tsx';
import SmsOutbox from './SmsOutbox.tsx';
import { FILTERED_TABLE, KeywordStatusFilters, filteredQuery } from '../../components/KeywordStatusFilters.tsx';

type Membership = AccountItem['companies'][number];

export default function AccountList() {
  const { t } = useTranslation();
  const can = usePermission();
  // On a phone a fixed actions column would cover the names.
  const isMobile = useSettings((st) => st.isMobile);
  const myId = useSession((s) => s.info?.id);
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(FILTERED_TABLE);
  const query = useMemo(() => filteredQuery(state), [state]);
  const [editing, setEditing] = useState<AccountItem | 'new' | null>(null);
  const [password, setPassword] = useState<AccountItem | null>(null);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const list = useQuery({ queryKey: keys.accounts.list(query), queryFn: () => call('accountList', query), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.accounts.all });

  const toggle = (a: AccountItem) => {
    const enable = a.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: a.username }),
      content: t(enable ? 'platform.accounts.enableContent' : 'platform.accounts.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('accountStatus', { id: a.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };

  const membership = (c: Membership) => (
    <Tooltip key={c.company_id} title={c.status === 1 ? c.staff_name : t('platform.accounts.membershipDisabled', { name: c.staff_name })}>
      <Tag bordered={false} color={c.status === 1 ? 'blue' : 'default'} style={c.status === 1 ? undefined : { textDecoration: 'line-through' }}>
        {`${c.company_name} · ${c.role_name}`}
      </Tag>
    </Tooltip>
  );

  const columns: TableColumnsType<AccountItem> = [
    {
      title: t('platform.accounts.username'),
      dataIndex: 'username',
      width: 200,
      render: (v: string, a) => (
        <Space size={4} wrap>
          <Typography.Text strong>{v}</Typography.Text>
          {a.is_platform_admin ? (
            <Tag bordered={false} color="gold">
              {t('platform.accounts.platformAdmin')}
            </Tag>
          ) : null}
          {a.must_change_password ? (
            <Tooltip title={t('platform.accounts.mustChangeHint')}>
              <Tag bordered={false} color="orange">
                {t('platform.accounts.mustChange')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: t('platform.accounts.nickname'), dataIndex: 'nickname', width: 120, ellipsis: true },
    { title: t('platform.accounts.phone'), dataIndex: 'phone', width: 120, render: (v: string) => v || '-' },
    { title: t('platform.accounts.email'), dataIndex: 'email', width: 190, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('org.fields.status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusBadge status={s} /> },
    {
      title: t('platform.accounts.companies'),
      dataIndex: 'companies',
      width: 280,
      render: (list: Membership[]) =>
        list.length ? (
          <Space size={[0, 4]} wrap>
            {list.map(membership)}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('platform.accounts.noCompany')}</Typography.Text>
        ),
    },
    { title: t('org.fields.createdAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 250,
      fixed: isMobile ? undefined : 'right',
      render: (_, a) => (
        <Space size={0} wrap>
          {can('account.edit') ? (
            <Button type="link" size="small" onClick={() => setEditing(a)} data-testid="account-edit">
              {t('org.actions.edit')}
            </Button>
          ) : null}
          {can(a.status === 1 ? 'account.disable' : 'account.enable') && a.id !== myId ? (
            <Button type="link" size="small" onClick={() => toggle(a)} data-testid="account-status">
              {t(a.status === 1 ? 'org.actions.disable' : 'org.actions.enable')}
            </Button>
          ) : null}
          {can('account.edit') && a.id !== myId ? (
            <Button type="link" size="small" danger onClick={() => setPassword(a)} data-testid="account-set-password">
              {t('platform.password.set')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListCard<AccountItem>
      title={t('platform.accounts.title')}
      testId="account"
      add={{ permission: 'account.add', label: t('platform.accounts.add'), onClick: () => setEditing('new') }}
      actions={
        <Button icon={<MessageOutlined />} onClick={() => setOutboxOpen(true)} data-testid="sms-outbox-open">
          {t('platform.sms.open')}
        </Button>
      }
      hint={t('platform.accounts.hint')}
      filters={<KeywordStatusFilters state={state} update={update} placeholder={t('platform.accounts.keyword')} testId="account" />}
      table={{
        columns,
        dataSource: list.data?.data ?? [],
        loading: list.isFetching,
        scroll: { x: 1430 },
        pagination: pagination(list.data?.totalCount),
      }}
    >
      <AccountForm account={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <AccountPassword account={password} onClose={() => setPassword(null)} onSaved={refresh} />
      <SmsOutbox open={outboxOpen} onClose={() => setOutboxOpen(false)} />
    </ListCard>
  );
}
