/** What positions and categories (named items) share: their list filters and stored values. */

/** Filters and page of a position or category list. */
export interface NamedFilters {
  keyword?: string;
  status?: number;
  pageNo: number;
  pageSize: number;
}

/** What a position or category add or edit writes. */
export interface NamedValues {
  name: string;
  sort: number;
  status: number;
}
