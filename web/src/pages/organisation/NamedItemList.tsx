/**
 * The paged table of positions or categories: keyword and status filters and the page in
 * the URL, columns name, sort, status, used by and created, and per row (as the route
 * grants) edit, enable/disable and delete; delete of an item in use is refused by the
 * server with a 409 message.
 */
import { useMemo, useState } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NamedItem } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { useSettings } from '../../app/settings.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import ListCard from '../../components/ListCard.tsx';
import StatusBadge from '../../components/StatusBadge.tsx';
import NamedItemDialog from './NamedItemDialog.tsx';
import RowActions from './RowActions.tsx';
import type { NamedItemKind } from './namedItems.ts';
import { FILTERED_TABLE, filteredQuery, KeywordStatusFilters } from '../../components/KeywordStatusFilters.tsx';

export default function NamedItemList({ kind }: { kind: NamedItemKind }) {
  const { t } = useTranslation();
  // On a phone a fixed actions column would cover the names.
  const isMobile = useSettings((st) => st.isMobile);
  const queryClient = useQueryClient();
  const p = kind.permission;
  const { state, update, pagination } = useUrlTable(FILTERED_TABLE);
  const query = useMemo(() => filteredQuery(state), [state]);
  const [editing, setEditing] = useState<NamedItem | 'new' | null>(null);
  const list = useQuery({ queryKey: keys.namedItems.list(p, query), queryFn: () => kind.list(query), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.namedItems.all(p) });

  const toggle = (r: NamedItem) => {
    const enable = r.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: r.name }),
      content: t(enable ? `${p}.enableContent` : `${p}.disableContent`),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => kind.setStatus(r.id, enable ? 1 : 0),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };
  const remove = (r: NamedItem) =>
    confirmAction({
      title: t('org.deleteTitle', { name: r.name }),
      content: t('org.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => kind.remove(r.id),
      done: t('org.deleted'),
      onDone: refresh,
    });

  const columns: TableColumnsType<NamedItem> = [
    { title: t(`${p}.name`), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('org.fields.sort'), dataIndex: 'sort', width: 100, align: 'right' },
    { title: t('org.fields.status'), dataIndex: 'status', width: 120, render: (s: number) => <StatusBadge status={s} /> },
    { title: t(`${p}.usedBy`), dataIndex: 'used_by', width: 150, align: 'right' },
    { title: t('org.fields.createdAt'), dataIndex: 'created_at', width: 180, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 220,
      fixed: isMobile ? undefined : 'right',
      render: (_, r) => <RowActions permission={p} status={r.status} onEdit={() => setEditing(r)} onToggle={() => toggle(r)} onDelete={() => remove(r)} wrap />,
    },
  ];

  return (
    <ListCard<NamedItem>
      title={t(`${p}.title`)}
      testId={p}
      add={{ permission: `${p}.add`, label: t(`${p}.add`), onClick: () => setEditing('new') }}
      filters={<KeywordStatusFilters state={state} update={update} placeholder={t('org.keyword')} testId={p} />}
      table={{
        columns,
        dataSource: list.data?.data ?? [],
        loading: list.isFetching,
        scroll: { x: 900 },
        pagination: pagination(list.data?.totalCount),
      }}
    >
      <NamedItemDialog kind={kind} item={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListCard>
  );
}
