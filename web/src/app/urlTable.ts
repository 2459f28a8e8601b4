/**
 * The state of a table kept in the URL's search params, without React: typed param
 * parsers (`param.*`) and `urlTable(params)`, which reads the state from a query string
 * and applies a patch to one. `useUrlTable` (useUrlTable.ts) puts it on the address bar.
 * In the URL a list is linkable and survives a reload; every list reads it the same way.
 */
import { MAX_PAGE_SIZE } from '@swo/contract';

/** One search param: how its raw value (null when absent) reads, and the value it has when absent or invalid. */
export interface UrlParam<T> {
  parse(raw: string | null): T;
  /** Never written to the URL: an address without the param means it. */
  fallback: T;
}

const positiveInt = (raw: string | null): number | undefined => {
  // Number('') is 0 and Number(' 7') is 7: only plain digits count.
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** True for YYYY-MM-DD naming a day that exists (not 2023-02-29, not month 13). */
const isDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** The parsers a list's params are described with; anything invalid reads as the fallback, so a hand-edited URL cannot break the page. */
export const param = {
  /** Free text (a keyword); '' when absent. */
  text: (): UrlParam<string> => ({ parse: (raw) => raw ?? '', fallback: '' }),

  /** One of `values` (a tab, a status), else `fallback`, which may be outside them ('' = all). */
  oneOf: <const V extends string, const F extends string | undefined = undefined>(values: readonly V[], fallback?: F): UrlParam<V | F> => ({
    parse: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as V) : (fallback as F)),
    fallback: fallback as F,
  }),

  /** A positive integer (an id, a page); undefined when absent unless a fallback is given. */
  positiveInt: <const F extends number | undefined = undefined>(fallback?: F): UrlParam<number | F> => ({
    parse: (raw) => positiveInt(raw) ?? (fallback as F),
    fallback: fallback as F,
  }),

  /** A calendar day YYYY-MM-DD that exists; '' otherwise. Days stay days here: turning them into instants is the caller's business. */
  day: (): UrlParam<string> => ({ parse: (raw) => (raw && isDay(raw) ? raw : ''), fallback: '' }),

  /** A page size: a positive integer up to the server's MAX_PAGE_SIZE (larger ones are cut down), else `fallback`. */
  pageSize: (fallback: number): UrlParam<number> => ({
    parse: (raw) => Math.min(positiveInt(raw) ?? fallback, MAX_PAGE_SIZE),
    fallback,
  }),
};

/** URL values are text or numbers; undefined is "absent". */
type UrlValue = string | number | undefined;

/** A record of named params; the names are the URL's. */
export type UrlParams = Record<string, UrlParam<UrlValue>>;

type Values<P extends UrlParams> = { [K in keyof P]: P[K] extends UrlParam<infer T> ? T : never };

/** The parsed state: the described params plus paging. */
export type UrlTableState<P extends UrlParams> = Values<P> & { pageNo: number; pageSize: number };

/** A change: each given key is set; undefined or '' (or the param's fallback) removes it from the URL. */
export type UrlTablePatch<P extends UrlParams> = { [K in keyof UrlTableState<P>]?: UrlTableState<P>[K] | undefined };

/** A table's params with paging, and the two pure operations on a query string. */
export interface UrlTable<P extends UrlParams> {
  params: P & { pageNo: UrlParam<number>; pageSize: UrlParam<number> };
  read(search: URLSearchParams | string): UrlTableState<P>;
  /**
   * `search` with `patch` applied. Values are normalised by their parser, so only valid,
   * non-default values reach the URL. pageNo is dropped (page 1) unless the patch sets it:
   * a new filter or page size makes the old page number meaningless. Params the table does
   * not describe are left alone (another part of the page may own them).
   */
  patch(search: URLSearchParams | string, patch: UrlTablePatch<P>): URLSearchParams;
}

/**
 * Describes a table kept in the URL: its own `params` plus pageNo (default 1) and pageSize
 * (default `pageSize`, at most MAX_PAGE_SIZE). Define it once at module level: the hook
 * memoises on its identity.
 */
export function urlTable<P extends UrlParams>(params: P, { pageSize = 10 }: { pageSize?: number } = {}): UrlTable<P> {
  const all = { ...params, pageNo: param.positiveInt(1), pageSize: param.pageSize(pageSize) };
  return {
    params: all,
    read(search) {
      const q = new URLSearchParams(search);
      return Object.fromEntries(Object.entries(all).map(([k, p]) => [k, p.parse(q.get(k))])) as UrlTableState<P>;
    },
    patch(search, patch) {
      const next = new URLSearchParams(search);
      for (const [k, v] of Object.entries(patch as Record<string, UrlValue>)) {
        const p = (all as UrlParams)[k];
        const value = p && v !== undefined && v !== '' ? p.parse(String(v)) : v;
        if (value === undefined || value === '' || (p && value === p.fallback)) next.delete(k);
        else next.set(k, String(value));
      }
      if (!('pageNo' in patch)) next.delete('pageNo');
      return next;
    },
  };
}
