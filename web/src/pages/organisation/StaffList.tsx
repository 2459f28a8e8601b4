/**
 * Staff (menu component StaffList): the department tree on the left (`orglist`, with head
 * counts; a department includes those below it) and the company's members on the right,
 * with keyword, position, role and status filters and the page in the URL. Per row, as
 * the route grants: edit and enable/disable, and in a "more" menu reset the password (shown
 * once), the applications the member handles, and remove (refused with a 409 message while
 * they handle orders).
 * Nobody disables or removes themselves, so their own row offers neither.
 */
import { useMemo, useState } from 'react';
import { Button, Dropdown, Space, Tag, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSession } from '../../app/session.ts';
import { useSettings } from '../../app/settings.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import ListCard from '../../components/ListCard.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import DepartmentFilterTree from './DepartmentFilterTree.tsx';
import RowActions from './RowActions.tsx';
import StaffApplications from './StaffApplications.tsx';
import StaffForm, { type StaffFormMode } from './StaffForm.tsx';
import StaffFilters from './StaffFilters.tsx';
import { buildOrgTree, STAFF_TABLE, staffQuery } from './staffTable.ts';
import { useStaffActions } from './useStaffActions.ts';
import { useStaffChoices } from './useStaffChoices.ts';

export default function StaffList() {
  const { t } = useTranslation();
  const can = usePermission();
  const isMobile = useSettings((st) => st.isMobile);
  const ownId = useSession((s) => s.info?.staff_id);
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(STAFF_TABLE);
  const query = useMemo(() => staffQuery(state), [state]);
  const [mode, setMode] = useState<StaffFormMode | null>(null);
  const [appsOf, setAppsOf] = useState<StaffRow | null>(null);

  const list = useQuery({ queryKey: keys.staff.list(query), queryFn: () => call('staffList', query), placeholderData: keepPreviousData });
  const org = useQuery({ queryKey: keys.departments.org(), queryFn: () => call('orgList', {}) });
  const { positions, roles } = useStaffChoices();
  const tree = useMemo(() => buildOrgTree(org.data ?? []), [org.data]);

  const refresh = () => {
    // Head counts of departments and roles change with their members.
    void queryClient.invalidateQueries({ queryKey: keys.staff.all });
    void queryClient.invalidateQueries({ queryKey: keys.departments.all });
    void queryClient.invalidateQueries({ queryKey: keys.roles.all });
  };
  const { toggle, resetPassword, invite, remove } = useStaffActions(refresh);

  const columns: TableColumnsType<StaffRow> = [
    {
      title: t('staff.fields.name'),
      dataIndex: 'name',
      render: (v: string, s) => (
        <Space size={4} wrap>
          <Typography.Text strong>{v}</Typography.Text>
          {s.id === ownId ? (
            <Tag bordered={false} color="blue">
              {t('staff.you')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('staff.fields.username'), dataIndex: 'username', width: 120, ellipsis: true },
    { title: t('staff.fields.jobNumber'), dataIndex: 'job_number', width: 80, ellipsis: true },
    { title: t('staff.fields.department'), dataIndex: 'department_name', width: 110, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('staff.fields.position'), dataIndex: 'position_name', width: 100, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('staff.fields.role'), dataIndex: 'role_name', width: 100, ellipsis: true },
    { title: t('org.fields.status'), dataIndex: 'status', width: 90, render: (s: number) => <StatusBadge status={s} /> },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 190,
      fixed: isMobile ? undefined : 'right',
      render: (_, s) => {
        const self = s.id === ownId;
        // The less frequent actions wait in a menu, so that the row stays one line.
        const more: MenuProps['items'] = [
          can('staff.edit')
            ? { key: 'password', label: <span data-testid="staff-reset-password">{t('staff.resetPassword')}</span>, onClick: () => resetPassword(s) }
            : null,
          can('staff.edit') && !self
            ? { key: 'invite', label: <span data-testid="staff-invite">{t('staff.invite.open')}</span>, onClick: () => void invite(s) }
            : null,
          can('staff.get') ? { key: 'apps', label: <span data-testid="staff-apps">{t('staff.apps.open')}</span>, onClick: () => setAppsOf(s) } : null,
          !self && can('staff.delete')
            ? { key: 'remove', danger: true, label: <span data-testid="staff-delete">{t('staff.remove')}</span>, onClick: () => remove(s) }
            : null,
        ].filter((i) => i !== null);
        return (
          <RowActions
            permission="staff"
            status={s.status}
            onEdit={() => setMode({ kind: 'edit', staff: s })}
            onToggle={self ? undefined : () => toggle(s)}
            wrap
          >
            {more.length ? (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" data-testid="staff-more">
                  {t('staff.more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListCard<StaffRow>
      title={t('staff.title')}
      testId="staff"
      add={{ permission: 'staff.add', label: t('staff.add'), onClick: () => setMode({ kind: 'add' }) }}
      aside={
        <DepartmentFilterTree
          tree={tree}
          loading={org.isFetching}
          error={org.isError && org.error instanceof Error ? org.error.message : null}
          value={state.department_id}
          onChange={(id) => update({ department_id: id })}
        />
      }
      filters={<StaffFilters state={state} update={update} positions={positions} roles={roles} />}
      table={{
        columns,
        dataSource: list.data?.data ?? [],
        loading: list.isFetching,
        scroll: { x: 900 },
        pagination: pagination(list.data?.totalCount),
        locale: { emptyText: t('staff.empty') },
      }}
    >
      <StaffForm mode={mode} departments={tree} self={mode?.kind === 'edit' && mode.staff.id === ownId} onClose={() => setMode(null)} onSaved={refresh} />
      <StaffApplications staff={appsOf} editable={can('staff.edit')} onClose={() => setAppsOf(null)} onSaved={refresh} />
    </ListCard>
  );
}
