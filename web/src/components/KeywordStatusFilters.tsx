/**
 * The filters most list screens share: a keyword search and an enabled/disabled/all status
 * select, kept in the URL with the page (`FILTERED_TABLE`), and the list call's query made
 * from them (`filteredQuery`).
 */
import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { param, urlTable, type UrlTablePatch, type UrlTableState } from '../app/urlTable.ts';

/** Keyword, status ('' = all, '1' enabled, '0' disabled) and page, in the URL. */
export const FILTERED_TABLE = urlTable({ keyword: param.text(), status: param.oneOf(['1', '0'] as const, '') });
type FilteredParams = typeof FILTERED_TABLE.params;

/** The call's filters of the URL state (empty ones left out). */
export function filteredQuery(state: UrlTableState<FilteredParams>) {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    keyword: state.keyword || undefined,
    status: state.status === '' ? undefined : Number(state.status),
  };
}

/** The search box (applied on Enter or the search button) and the status select, bound to the URL state; test ids `<testId>-keyword` and `<testId>-status-filter`. */
export function KeywordStatusFilters({
  state,
  update,
  placeholder,
  testId,
}: {
  state: UrlTableState<FilteredParams>;
  update: (patch: UrlTablePatch<FilteredParams>) => void;
  placeholder: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(state.keyword);
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Input.Search
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => update({ keyword: v.trim() })}
        placeholder={placeholder}
        aria-label={placeholder}
        style={{ width: 280 }}
        data-testid={`${testId}-keyword`}
      />
      <Select
        value={state.status}
        onChange={(v: '' | '0' | '1') => update({ status: v })}
        style={{ width: 160 }}
        aria-label={t('org.fields.status')}
        options={[
          { value: '', label: t('org.status.all') },
          { value: '1', label: t('org.status.enabled') },
          { value: '0', label: t('org.status.disabled') },
        ]}
        data-testid={`${testId}-status-filter`}
      />
    </Space>
  );
}
