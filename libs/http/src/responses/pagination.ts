import type { PageRequest } from './page-query';

/**
 * The spec's `pagination` object (Laravel's paginator, whose API the spec describes): `from` and
 * `to` are the 1-based positions of the page's first and last records, null on an empty page.
 */
export interface Pagination {
  total: number;
  current_page: number;
  per_page: number;
  /** At least 1, also for an empty list. */
  last_page: number;
  from: number | null;
  to: number | null;
}

/** The spec's paginated `data`: `{ records, pagination }`. A route may add fields after them. */
export interface Paginated<T> {
  records: T[];
  pagination: Pagination;
}

/** The pagination of a page holding `count` records out of `total`. */
export function paginationOf(page: PageRequest, total: number, count: number): Pagination {
  return {
    total,
    current_page: page.page,
    per_page: page.perPage,
    last_page: Math.max(1, Math.ceil(total / page.perPage)),
    from: count > 0 ? page.offset + 1 : null,
    to: count > 0 ? page.offset + count : null,
  };
}

/** `{ records, pagination }` for the records of one page, `total` counting every page. */
export function paginated<T>(records: T[], total: number, page: PageRequest): Paginated<T> {
  return { records, pagination: paginationOf(page, total, records.length) };
}
