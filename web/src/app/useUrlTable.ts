/**
 * `useUrlTable(table)`: a list's filters and paging held in the URL's search params (so a
 * filtered page is linkable and survives a reload), for any table described with
 * `urlTable` (urlTable.ts). Returns the typed `state`, `update(patch)` and
 * `pagination(total)`, the antd Table `pagination` prop that pages through the URL.
 */
import { useCallback, useMemo } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAX_PAGE_SIZE } from '@swo/contract';
import type { UrlParams, UrlTable, UrlTablePatch, UrlTableState } from './urlTable.ts';

const PAGE_SIZE_OPTIONS = [10, 20, 50, MAX_PAGE_SIZE];

/** What `useUrlTable` returns. */
export interface UrlTableControl<P extends UrlParams> {
  /** The parsed params; a new object only when the URL changes (safe as a query key or effect dependency). */
  state: UrlTableState<P>;
  /** Applies a patch to the URL (see `UrlTable.patch`); a history entry per change, so Back undoes a filter. */
  update: (patch: UrlTablePatch<P>) => void;
  /** The Table's `pagination` for a reply of `total` rows (`capped`: at least that many). */
  pagination: (total: number | undefined, capped?: boolean) => TablePaginationConfig;
}

/** The URL-held state of `table` (a module-level `urlTable(...)`), with its setter and the Table's paging. */
export function useUrlTable<P extends UrlParams>(table: UrlTable<P>): UrlTableControl<P> {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => table.read(params), [table, params]);

  const update = useCallback(
    (patch: UrlTablePatch<P>) =>
      // The live URL, not the last render's params: two quick changes (an application,
      // then a date range) must both survive.
      setParams(() => table.patch(window.location.search, patch)),
    [table, setParams],
  );

  const { pageNo, pageSize } = state;
  const pagination = useCallback(
    (total: number | undefined, capped?: boolean): TablePaginationConfig => ({
      current: pageNo,
      pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showTotal: (n) => t(capped ? 'table.totalAtLeast' : 'table.total', { total: n }),
      // The cast: TypeScript cannot see paging keys in a patch type mapped over a generic P.
      onChange: (page, size) => update({ pageNo: page, pageSize: size } as UrlTablePatch<P>),
    }),
    [pageNo, pageSize, t, update],
  );

  return { state, update, pagination };
}
