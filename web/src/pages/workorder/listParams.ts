/**
 * The work-order list's filters in the URL (status, keyword, application_id,
 * created_from, created_to, pageNo, pageSize: see useUrlTable) and their mapping to the
 * list call's params.
 */
import { WORK_ORDER_STATUSES } from '@swo/contract';
import { useMemo } from 'react';
import dayjs from 'dayjs';
import type { WorkOrderListParams } from '../../app/api.ts';
import { param, urlTable, type UrlTablePatch, type UrlTableState } from '../../app/urlTable.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';

const WORK_ORDER_TABLE = urlTable({
  status: param.oneOf(WORK_ORDER_STATUSES, ''),
  keyword: param.text(),
  application_id: param.positiveInt(),
  created_from: param.day(),
  created_to: param.day(),
});

export type ListFilters = UrlTableState<typeof WORK_ORDER_TABLE.params>;
export type ListFiltersPatch = UrlTablePatch<typeof WORK_ORDER_TABLE.params>;

/** The first or last instant of a local day (YYYY-MM-DD) as ISO-8601 UTC. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const d = dayjs(day);
  if (!d.isValid()) return undefined;
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).toISOString();
}

/** The list call's params of the filters. */
export function listQuery(f: ListFilters): WorkOrderListParams {
  return {
    pageNo: f.pageNo,
    pageSize: f.pageSize,
    status: f.status || undefined,
    keyword: f.keyword || undefined,
    application_id: f.application_id,
    // Days in the URL are the user's days; the server compares instants (UTC).
    created_from: dayBoundary(f.created_from, 'start'),
    created_to: dayBoundary(f.created_to, 'end'),
  };
}

/** The filters, `update(patch)`, the list call's `query` and the Table's `pagination(total)`. */
export function useListFilters() {
  const { state: filters, update, pagination } = useUrlTable(WORK_ORDER_TABLE);
  const query = useMemo(() => listQuery(filters), [filters]);
  return { filters, update, query, pagination };
}
