/**
 * Roles (menu component RoleList): the company's roles with description, data scope,
 * member count, status and creation time; keyword and page in the URL. Per row, as the
 * route grants: edit (a drawer with the permission matrix), enable/disable and delete (a
 * role held by staff is refused by the server with a 409 message). The built-in
 * administrator role has every right and is read-only: it shows a tag and no buttons.
 */
import { useMemo, useState } from 'react';
import { Input, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { useSettings } from '../../app/settings.ts';
import { param, urlTable } from '../../app/urlTable.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import ListCard from '../../components/ListCard.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import RowActions from '../organisation/RowActions.tsx';
import RoleForm, { type RoleFormTarget } from './RoleForm.tsx';

/** Keyword and page, in the URL. */
const ROLE_TABLE = urlTable({ keyword: param.text() });

export default function RoleList() {
  const { t } = useTranslation();
  const isMobile = useSettings((st) => st.isMobile);
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(ROLE_TABLE);
  const query = useMemo(() => ({ pageNo: state.pageNo, pageSize: state.pageSize, keyword: state.keyword || undefined }), [state]);
  const [keyword, setKeyword] = useState(state.keyword);
  const [editing, setEditing] = useState<RoleFormTarget>(null);
  const list = useQuery({ queryKey: keys.roles.list(query), queryFn: () => call('roleList', query), placeholderData: keepPreviousData });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.roles.all });
    // Staff rows show their role's name.
    void queryClient.invalidateQueries({ queryKey: keys.staff.all });
  };

  const toggle = (r: RoleItem) => {
    const enable = r.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: r.name }),
      content: enable ? t('role.enableContent') : t('role.disableContent', { count: r.member_count }),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('roleUpdate', { id: r.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };
  const remove = (r: RoleItem) =>
    confirmAction({
      title: t('org.deleteTitle', { name: r.name }),
      content: t('role.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => call('roleDelete', { id: r.id }),
      done: t('org.deleted'),
      onDone: refresh,
    });

  const columns: TableColumnsType<RoleItem> = [
    {
      title: t('role.name'),
      dataIndex: 'name',
      width: 190,
      render: (v: string, r) => (
        <Space size={4} wrap>
          <Typography.Text strong>{v}</Typography.Text>
          {r.is_admin ? (
            <Tooltip title={t('role.adminHint')}>
              <Tag color="gold" bordered={false} data-testid="role-admin-tag">
                {t('role.admin')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: t('role.description'), dataIndex: 'description', ellipsis: true, render: (v: string) => v || '-' },
    {
      title: t('role.dataScope'),
      dataIndex: 'data_scope',
      width: 130,
      render: (s: RoleItem['data_scope']) => (
        <Tooltip title={t(`role.scopeHints.${s}`)}>
          <span>{t(`role.scopes.${s}`)}</span>
        </Tooltip>
      ),
    },
    { title: t('role.members'), dataIndex: 'member_count', width: 110, align: 'right' },
    { title: t('org.fields.status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusBadge status={s} /> },
    { title: t('org.fields.createdAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 200,
      fixed: isMobile ? undefined : 'right',
      render: (_, r) =>
        r.is_admin ? (
          <Typography.Text type="secondary">{t('role.readOnly')}</Typography.Text>
        ) : (
          <RowActions permission="role" status={r.status} onEdit={() => setEditing(r)} onToggle={() => toggle(r)} onDelete={() => remove(r)} wrap />
        ),
    },
  ];

  return (
    <ListCard<RoleItem>
      title={t('role.title')}
      testId="role"
      add={{ permission: 'role.add', label: t('role.add'), onClick: () => setEditing('new') }}
      hint={t('role.hint')}
      filters={
        <Space style={{ marginBottom: 12 }} wrap>
          <Input.Search
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ keyword: v.trim() })}
            placeholder={t('role.keyword')}
            aria-label={t('role.keyword')}
            style={{ width: 260 }}
            data-testid="role-keyword"
          />
        </Space>
      }
      table={{
        columns,
        dataSource: list.data?.data ?? [],
        loading: list.isFetching,
        scroll: { x: 1100 },
        pagination: pagination(list.data?.totalCount),
      }}
    >
      <RoleForm role={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListCard>
  );
}
