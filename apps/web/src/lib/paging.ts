export { pageWindow } from '../components/ui/pagination';

/** How many page numbers the pager shows at most (specification section 9). */
export const PAGE_WINDOW = 5;

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
