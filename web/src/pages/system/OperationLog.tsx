/**
 * The operation log (menu component OperationLog), read-only: module, action, keyword
 * (username or IP) and date-range filters plus the page in the URL; newest first, times in
 * the user's zone; a row expands into its before/after.
 */
import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OperationLogEntry } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import LogDetail from './LogDetail.tsx';
import { LOG_ACTIONS, LOG_MODULES, LOG_TABLE, NO_LOG_FILTERS } from './logFilters.ts';

const DAY = 'YYYY-MM-DD';

export default function OperationLog() {
  const { t } = useTranslation();
  const { state, update, pagination } = useUrlTable(LOG_TABLE);
  // Empty filters are left out of the call.
  const query = useMemo(() => Object.fromEntries(Object.entries(state).filter(([, v]) => v !== '')) as typeof state, [state]);
  const [keyword, setKeyword] = useState(state.keyword);
  const list = useQuery({ queryKey: keys.operationLog.list(query), queryFn: () => call('operationLog', query), placeholderData: keepPreviousData });
  // Unknown module/action names (added later on the server) show as they are.
  const moduleName = (m: string) => t(`operationLog.modules.${m}`, { defaultValue: m });
  const actionName = (a: string) => t(`operationLog.actions.${a}`, { defaultValue: a });
  const targetName = (k: string) => t(`operationLog.targets.${k}`, { defaultValue: k });

  const columns: TableColumnsType<OperationLogEntry> = [
    { title: t('operationLog.time'), dataIndex: 'created_at', width: 180, render: (v: string) => formatTime(v) },
    { title: t('operationLog.user'), dataIndex: 'username', width: 140, ellipsis: true },
    { title: t('operationLog.module'), dataIndex: 'module', width: 150, render: moduleName },
    { title: t('operationLog.action'), dataIndex: 'action', width: 140, render: actionName },
    {
      title: t('operationLog.target'),
      key: 'target',
      render: (_, r) => (
        <span>
          {targetName(r.target_type)}
          {r.target_id !== null ? <Typography.Text type="secondary"> #{r.target_id}</Typography.Text> : null}
        </span>
      ),
    },
    { title: t('operationLog.ip'), dataIndex: 'ip', width: 150 },
  ];

  return (
    <Card className="page-card" title={t('operationLog.title')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('operationLog.hint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          value={state.module}
          onChange={(v: (typeof LOG_MODULES)[number] | '') => update({ module: v })}
          style={{ width: 200 }}
          aria-label={t('operationLog.module')}
          options={[{ value: '', label: t('operationLog.allModules') }, ...LOG_MODULES.map((m) => ({ value: m, label: moduleName(m) }))]}
          data-testid="log-module"
        />
        <Select
          value={state.action}
          onChange={(v: (typeof LOG_ACTIONS)[number] | '') => update({ action: v })}
          style={{ width: 180 }}
          showSearch
          optionFilterProp="label"
          aria-label={t('operationLog.action')}
          options={[{ value: '', label: t('operationLog.allActions') }, ...LOG_ACTIONS.map((a) => ({ value: a, label: actionName(a) }))]}
          data-testid="log-action"
        />
        <Input.Search
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() })}
          placeholder={t('operationLog.keyword')}
          aria-label={t('operationLog.keyword')}
          style={{ width: 220 }}
          data-testid="log-keyword"
        />
        <DatePicker.RangePicker
          value={[state.date_from ? dayjs(state.date_from) : null, state.date_to ? dayjs(state.date_to) : null]}
          onChange={(r) => update({ date_from: r?.[0]?.format(DAY), date_to: r?.[1]?.format(DAY) })}
          placeholder={[t('operationLog.start'), t('operationLog.end')]}
          aria-label={t('operationLog.dateRange')}
          allowEmpty={[true, true]}
          data-testid="log-dates"
        />
        <Button
          onClick={() => {
            setKeyword('');
            update(NO_LOG_FILTERS);
          }}
        >
          {t('operationLog.reset')}
        </Button>
      </Space>
      <Table<OperationLogEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1000 }}
        expandable={{ expandedRowRender: (r) => <LogDetail detail={r.detail} />, expandRowByClick: true }}
        pagination={pagination(list.data?.totalCount)}
        data-testid="log-table"
      />
    </Card>
  );
}
