/**
 * The staff screen's filter row: keyword (applied on Enter or the search button), position,
 * role and status, all held in the URL, and a button clearing them once any is set (the
 * department stays: it is the tree's choice).
 */
import { useState } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NamedItem, RoleItem } from '@swo/contract';
import type { UrlTablePatch } from '../../app/urlTable.ts';
import { NO_STAFF_FILTERS, type STAFF_TABLE, type StaffTableState } from './staffTable.ts';

export interface StaffFiltersProps {
  state: StaffTableState;
  update: (patch: UrlTablePatch<typeof STAFF_TABLE.params>) => void;
  /** Every position and role, disabled ones too: members may still hold them. */
  positions: NamedItem[];
  roles: RoleItem[];
}

/** The filters above the staff table (see the file comment). */
export default function StaffFilters({ state, update, positions, roles }: StaffFiltersProps) {
  const { t } = useTranslation();
  // Typed text is applied only on search, so the box keeps its own value meanwhile.
  const [keyword, setKeyword] = useState(state.keyword);
  const filtered = !!(state.keyword || state.position_id || state.role_id || state.status);
  return (
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
        options={positions.map((p) => ({ value: p.id, label: p.name }))}
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
        options={roles.map((r) => ({ value: r.id, label: r.name }))}
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
  );
}
