/** How many page numbers the pager shows at most (specification section 9). */
export const PAGE_WINDOW = 5;

/** The page numbers to show: a window of `size` pages around the current one, kept inside 1..total. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Keeps a page number inside 1..lastPage. */
export function clampPage(page: number, lastPage: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, lastPage));
}

/** The 1-based positions of the first and last row on a page, for "Showing X to Y of Z results". */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}

/** Where a page of a paged answer (`meta` of Paged<T>) stands: how many pages, and the rows it shows. */
export function pageInfo(meta: { total: number; page: number; per_page: number } | undefined): {
  totalPages: number;
  from: number;
  to: number;
} {
  if (!meta) return { totalPages: 1, from: 0, to: 0 };
  return { totalPages: pageCount(meta.total, meta.per_page), ...shownRange(meta.page, meta.per_page, meta.total) };
}
