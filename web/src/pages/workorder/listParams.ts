/**
 * The work-order list's filters as URL search params (so a filtered list is linkable and
 * survives a reload): status, keyword, application_id, created_from, created_to, pageNo,
 * pageSize.
 */
import { asStatus } from '@swo/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { WorkOrderListParams } from '../../app/api.ts';

export const DEFAULT_PAGE_SIZE = 10;

export interface ListFilters {
  status: string;
  keyword: string;
  applicationId?: number;
  createdFrom: string;
  createdTo: string;
  pageNo: number;
  pageSize: number;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The first or last instant of a local day (YYYY-MM-DD) as ISO-8601 UTC. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const d = dayjs(day);
  if (!d.isValid()) return undefined;
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).toISOString();
}

export function useListFilters() {
  const [params, setParams] = useSearchParams();

  const filters: ListFilters = useMemo(
    () => ({
      status: params.get('status') ?? '',
      keyword: params.get('keyword') ?? '',
      applicationId: positive(params.get('application_id')),
      createdFrom: params.get('created_from') ?? '',
      createdTo: params.get('created_to') ?? '',
      pageNo: positive(params.get('pageNo')) ?? 1,
      pageSize: positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
    }),
    [params],
  );

  /** Changes some params; filters other than paging go back to page 1. */
  const update = useCallback(
    (patch: Record<string, string | number | undefined>) => {
      setParams(() => {
        // The live URL, not the last render's params: two quick changes (an application,
        // then a date range) must both survive.
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!('pageNo' in patch)) next.delete('pageNo');
        return next;
      });
    },
    [setParams],
  );

  const query: WorkOrderListParams = useMemo(
    () => ({
      pageNo: filters.pageNo,
      pageSize: filters.pageSize,
      status: asStatus(filters.status),
      keyword: filters.keyword || undefined,
      application_id: filters.applicationId,
      // Days in the URL are the user's days; the server compares instants (UTC).
      created_from: dayBoundary(filters.createdFrom, 'start'),
      created_to: dayBoundary(filters.createdTo, 'end'),
    }),
    [filters],
  );

  return { filters, update, query };
}
