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
import { Button, Card, Dropdown, Flex, Input, Select, Space, Table, Tag, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type StaffRow } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSession } from '../../app/session.ts';
import { useSettings } from '../../app/settings.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import StatusBadge from '../../components/StatusBadge.tsx';
import DepartmentFilterTree from './DepartmentFilterTree.tsx';
import RowActions from './RowActions.tsx';
import StaffApplications from './StaffApplications.tsx';
import StaffForm, { type StaffFormMode } from './StaffForm.tsx';
import { buildOrgTree, NO_STAFF_FILTERS, STAFF_TABLE, staffQuery } from './staffTable.ts';
import { useStaffActions } from './useStaffActions.ts';

/** Choices for the filters and the form: one page of everything (silent: without the right the lists stay empty). */
const ALL_ITEMS = { pageNo: 1, pageSize: MAX_PAGE_SIZE };

export default function StaffList() {
  const { t } = useTranslation();
  const can = usePermission();
  const isMobile = useSettings((st) => st.isMobile);
  const ownId = useSession((s) => s.info?.staff_id);
  const queryClient = useQueryClient();
  const { state, update, pagination } = useUrlTable(STAFF_TABLE);
  const query = useMemo(() => staffQuery(state), [state]);
  const [keyword, setKeyword] = useState(state.keyword);
  const [mode, setMode] = useState<StaffFormMode | null>(null);
  const [appsOf, setAppsOf] = useState<StaffRow | null>(null);

  const list = useQuery({ queryKey: keys.staff.list(query), queryFn: () => call('staffList', query), placeholderData: keepPreviousData });
  const org = useQuery({ queryKey: keys.departments.org(), queryFn: () => call('orgList', {}) });
  const positions = useQuery({
    queryKey: keys.namedItems.list('position', ALL_ITEMS),
    queryFn: () => call('positionList', ALL_ITEMS, { silent: true }),
    retry: false,
  });
  const roles = useQuery({ queryKey: keys.roles.list(ALL_ITEMS), queryFn: () => call('roleList', ALL_ITEMS, { silent: true }), retry: false });
  const tree = useMemo(() => buildOrgTree(org.data ?? []), [org.data]);

  const refresh = () => {
    // Head counts of departments and roles change with their members.
    void queryClient.invalidateQueries({ queryKey: keys.staff.all });
    void queryClient.invalidateQueries({ queryKey: keys.departments.all });
    void queryClient.invalidateQueries({ queryKey: keys.roles.all });
  };
  const { toggle, resetPassword, remove } = useStaffActions(refresh);

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

  const filtered = !!(state.keyword || state.position_id || state.role_id || state.status);
  return (
    <Card
      className="page-card"
      title={t('staff.title')}
      variant="borderless"
      extra={
        can('staff.add') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })} data-testid="staff-add">
            {t('staff.add')}
          </Button>
        ) : null
      }
    >
      <Flex gap={16} vertical={isMobile} align="stretch" className={isMobile ? 'staff-layout staff-layout-stacked' : 'staff-layout'}>
        <DepartmentFilterTree
          tree={tree}
          loading={org.isFetching}
          error={org.isError && org.error instanceof Error ? org.error.message : null}
          value={state.department_id}
          onChange={(id) => update({ department_id: id })}
        />
        <div className="staff-main">
          <Space style={{ marginBottom: 12 }} wrap>
            <Input.Search
              allowClear
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => update({ keyword: v.trim() })}
              placeholder={t('staff.keyword')}
              aria-label={t('staff.keyword')}
              style={{ width: 260 }}
              data-testid="staff-keyword"
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              value={state.position_id}
              onChange={(v?: number) => update({ position_id: v })}
              placeholder={t('staff.allPositions')}
              aria-label={t('staff.fields.position')}
              style={{ width: 160 }}
              options={(positions.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              data-testid="staff-position-filter"
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              value={state.role_id}
              onChange={(v?: number) => update({ role_id: v })}
              placeholder={t('staff.allRoles')}
              aria-label={t('staff.fields.role')}
              style={{ width: 160 }}
              options={(roles.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              data-testid="staff-role-filter"
            />
            <Select
              value={state.status}
              onChange={(v: '' | '0' | '1') => update({ status: v })}
              style={{ width: 140 }}
              aria-label={t('org.fields.status')}
              options={[
                { value: '', label: t('org.status.all') },
                { value: '1', label: t('org.status.enabled') },
                { value: '0', label: t('org.status.disabled') },
              ]}
              data-testid="staff-status-filter"
            />
            {filtered ? (
              <Button
                onClick={() => {
                  setKeyword('');
                  update(NO_STAFF_FILTERS);
                }}
              >
                {t('staff.resetFilters')}
              </Button>
            ) : null}
          </Space>
          <Table<StaffRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.data ?? []}
            loading={list.isFetching}
            scroll={{ x: 900 }}
            pagination={pagination(list.data?.totalCount)}
            locale={{ emptyText: t('staff.empty') }}
            data-testid="staff-table"
          />
        </div>
      </Flex>
      <StaffForm
        mode={mode}
        departments={tree}
        positions={positions.data?.data ?? []}
        roles={roles.data?.data ?? []}
        self={mode?.kind === 'edit' && mode.staff.id === ownId}
        onClose={() => setMode(null)}
        onSaved={refresh}
      />
      <StaffApplications staff={appsOf} editable={can('staff.edit')} onClose={() => setAppsOf(null)} onSaved={refresh} />
    </Card>
  );
}
