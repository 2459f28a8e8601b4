/** Filter bar of the work-order list: keyword, application and created date range. */
import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, Select } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ListFilters as Filters, ListFiltersPatch } from './listParams.ts';
import type { BoundApplication } from '../../app/api.ts';

const DAY = 'YYYY-MM-DD';

export default function ListFilters({
  filters,
  applications,
  onChange,
  onRefresh,
}: {
  filters: Filters;
  applications: BoundApplication[];
  onChange: (patch: ListFiltersPatch) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword);
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const from = filters.created_from ? dayjs(filters.created_from) : null;
  const to = filters.created_to ? dayjs(filters.created_to) : null;

  return (
    <div className="toolbar">
      <Input.Search
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => onChange({ keyword: v.trim() })}
        placeholder={t('workOrder.filters.keyword')}
        style={{ width: 280 }}
        enterButton={t('buttons.search')}
        data-testid="keyword-search"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.application_id}
        onChange={(v?: number) => onChange({ application_id: v })}
        placeholder={t('workOrder.filters.application')}
        aria-label={t('workOrder.filters.application')}
        style={{ width: 220 }}
        options={applications.map((a) => ({ value: a.id, label: a.name }))}
      />
      <DatePicker.RangePicker
        value={from && to && from.isValid() && to.isValid() ? [from, to] : null}
        onChange={(range) =>
          onChange({
            created_from: range?.[0]?.format(DAY),
            created_to: range?.[1]?.format(DAY),
          })
        }
        placeholder={[t('workOrder.filters.createdFrom'), t('workOrder.filters.createdTo')]}
      />
      <div className="toolbar-spacer" />
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('buttons.refresh')}
      </Button>
    </div>
  );
}
