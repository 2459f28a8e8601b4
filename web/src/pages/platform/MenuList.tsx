/**
 * Menus (menu component MenuList, platform administrators): every menu of every company as
 * a tree table: icon and title with tags for built-in and platform menus, key, url (a link
 * opens in a new tab), type, shown, status, component and sort; a keyword filter; per
 * row, as the route grants: add a child, edit, enable/disable and delete (asking, with the consequence;
 * built-in menus are never deleted). After every change the signed-in user's own menus
 * are loaded again, so a new or renamed menu shows at once.
 */
import { useCallback, useMemo, useState, type Key } from 'react';
import { Alert, Button, Card, Input, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { LinkOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '@swo/contract';
import { call } from '../../app/api.ts';
import { isExternalUrl } from '../../app/dynamicRoutes.ts';
import { feedback } from '../../app/feedback.tsx';
import { translateTitle } from '../../app/i18n.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useSession } from '../../app/session.ts';
import { useSettings } from '../../app/settings.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import MenuIcon from '../../components/MenuIcon.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import MenuForm, { type MenuFormMode } from './MenuForm.tsx';
import { filterMenus, menuParentIds } from './menuTree.ts';

const TYPE_COLORS = ['gold', 'blue', 'default'];

/** The signed-in user's menus again (the user-info load after choosing a company), so the navigation follows the change. */
function reloadOwnMenus(): void {
  useSession
    .getState()
    .getInfo()
    .catch(() => void feedback.message.warning(i18next.t('platform.menus.reloadFailed')));
}

export default function MenuList() {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  // On a phone a fixed actions column would cover the titles.
  const isMobile = useSettings((st) => st.isMobile);
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ queryKey: keys.menus.all, queryFn: () => call('menuList', {}) });
  const all = useMemo(() => list.data ?? [], [list.data]);
  const title = useCallback((m: MenuRow) => translateTitle(m.name, i18n.language), [i18n.language]);
  // Filtered here: the titles users see are translations, which the server does not know.
  const menus = useMemo(() => filterMenus(all, keyword, title), [all, keyword, title]);
  const [mode, setMode] = useState<MenuFormMode | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: keys.menus.all });
    reloadOwnMenus();
  };

  const toggle = (m: MenuRow) => {
    const enable = m.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: title(m) }),
      content: t(enable ? 'platform.menus.enableContent' : 'platform.menus.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('menuStatus', { id: m.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: changed,
    });
  };
  const remove = (m: MenuRow) =>
    confirmAction({
      title: t('org.deleteTitle', { name: title(m) }),
      content: t('platform.menus.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => call('menuDelete', { id: m.id }),
      done: t('org.deleted'),
      onDone: changed,
    });

  const columns: TableColumnsType<MenuRow> = [
    {
      title: t('platform.menus.title'),
      key: 'title',
      width: 250,
      render: (_, m) => (
        <Space size={6} wrap>
          {m.icon ? (
            <Tooltip title={m.icon}>
              <MenuIcon name={m.icon} />
            </Tooltip>
          ) : null}
          <Typography.Text strong>{title(m)}</Typography.Text>
          {m.builtin ? (
            <Tag bordered={false} color="purple">
              {t('platform.menus.builtin')}
            </Tag>
          ) : null}
          {m.platform ? (
            <Tag bordered={false} color="cyan">
              {t('platform.menus.platform')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('platform.menus.key'), dataIndex: 'key', width: 120, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      title: t('platform.menus.url'),
      dataIndex: 'url',
      width: 190,
      ellipsis: true,
      render: (u: string) =>
        isExternalUrl(u) ? (
          <Typography.Link href={u} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> {u}
          </Typography.Link>
        ) : (
          u
        ),
    },
    {
      title: t('platform.menus.type'),
      dataIndex: 'menuType',
      width: 110,
      render: (v: number) => <Tag color={TYPE_COLORS[v] ?? 'default'}>{t(`platform.menus.types.${v}`)}</Tag>,
    },
    {
      title: t('platform.menus.show'),
      dataIndex: 'show',
      width: 80,
      render: (v: number) => (v === 1 ? t('common.yes') : <Typography.Text type="secondary">{t('platform.menus.hidden')}</Typography.Text>),
    },
    { title: t('org.fields.status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusBadge status={s} /> },
    { title: t('platform.menus.component'), dataIndex: 'url_name', width: 130 },
    { title: t('org.fields.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 250,
      fixed: isMobile ? undefined : 'right',
      render: (_, m) => (
        <Space size={0} wrap>
          {can('nav.add') && m.menuType !== 2 ? (
            <Button type="link" size="small" onClick={() => setMode({ kind: 'add', pid: m.id })} data-testid="menu-add-child">
              {t('platform.menus.addChild')}
            </Button>
          ) : null}
          {can('nav.edit') ? (
            <Button type="link" size="small" onClick={() => setMode({ kind: 'edit', menu: m })} data-testid="menu-edit">
              {t('org.actions.edit')}
            </Button>
          ) : null}
          {can(m.status === 1 ? 'nav.disable' : 'nav.enable') ? (
            <Button type="link" size="small" onClick={() => toggle(m)} data-testid="menu-status">
              {t(m.status === 1 ? 'org.actions.disable' : 'org.actions.enable')}
            </Button>
          ) : null}
          {can('nav.delete') && !m.builtin ? (
            <Button type="link" size="small" danger onClick={() => remove(m)} data-testid="menu-delete">
              {t('org.actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="page-card"
      title={t('platform.menus.pageTitle')}
      variant="borderless"
      extra={
        can('nav.add') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add', pid: 0 })} data-testid="menu-add">
            {t('platform.menus.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('platform.menus.hint')}</Typography.Paragraph>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('platform.menus.keyword')}
        aria-label={t('platform.menus.keyword')}
        style={{ width: 300, marginBottom: 12 }}
        data-testid="menu-keyword"
      />
      {list.isError ? <Alert type="error" showIcon style={{ marginBottom: 12 }} message={list.error instanceof Error ? list.error.message : ''} /> : null}
      <Table<MenuRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={menus}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        // Expanded to the leaves until the user folds something (and always while filtered).
        expandable={{ expandedRowKeys: (!keyword && expanded) || menuParentIds(menus), onExpandedRowsChange: (k) => setExpanded(k) }}
        data-testid="menu-tree"
      />
      <MenuForm mode={mode} menus={all} onClose={() => setMode(null)} onSaved={changed} />
    </Card>
  );
}
