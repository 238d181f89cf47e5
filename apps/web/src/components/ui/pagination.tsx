import { cx } from '../../lib/cx';
import { PAGE_WINDOW, pageInfo, pageWindow } from '../../lib/paging';

export { pageWindow };

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the <nav>, e.g. "Pagination". */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Visible status such as "Page 2 of 5" or "Showing 11 to 20 of 43 results". */
  summary?: string;
  /** Show numbered buttons in a window of this many pages (0 hides them). */
  windowSize?: number;
  /** Accessible name of a numbered button, e.g. (3) => "Page 3". */
  pageLabel?: (page: number) => string;
  /** How a page number is written, e.g. Burmese digits. */
  formatPage?: (page: number) => string;
  className?: string;
}

const buttonClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({
  page,
  totalPages,
  onPageChange,
  label,
  previousLabel,
  nextLabel,
  summary,
  windowSize = PAGE_WINDOW,
  pageLabel,
  formatPage = String,
  className,
}: PaginationProps) {
  const pages = windowSize > 0 ? pageWindow(page, totalPages, windowSize) : [];
  // A phone has room for three numbers beside Previous and Next: the outer ones wait for wider screens.
  const phonePages = new Set(pageWindow(page, totalPages, Math.min(3, windowSize)));
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <nav
      aria-label={label}
      className={cx('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      {summary && (
        <p className="text-sm text-slate-700" aria-live="polite">
          {summary}
        </p>
      )}
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          <button
            type="button"
            className={cx(buttonClass, 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')}
            disabled={atStart}
            onClick={() => onPageChange(page - 1)}
          >
            <span aria-hidden="true">‹</span>&nbsp;{previousLabel}
          </button>
        </li>
        {pages.map((p) => (
          <li key={p} className={phonePages.has(p) ? undefined : 'hidden sm:block'}>
            <button
              type="button"
              aria-label={pageLabel?.(p)}
              aria-current={p === page ? 'page' : undefined}
              className={cx(
                buttonClass,
                p === page
                  ? 'border-blue-800 bg-blue-800 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
              onClick={() => p !== page && onPageChange(p)}
            >
              {formatPage(p)}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cx(buttonClass, 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')}
            disabled={atEnd}
            onClick={() => onPageChange(page + 1)}
          >
            {nextLabel}&nbsp;<span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

type ListPaginationProps = Omit<PaginationProps, 'page' | 'totalPages' | 'summary'> & {
  /** The list answer's paging; nothing is shown before it arrives. */
  meta: { total: number; page: number; per_page: number } | undefined;
  summary: string;
};

/** Under a paged list: the summary alone when everything fits one page, else the pagination with it. */
export function ListPagination({ meta, summary, ...rest }: ListPaginationProps) {
  const { totalPages } = pageInfo(meta);
  if (!meta || totalPages < 1) return null;
  if (totalPages === 1) return <p className="text-sm text-slate-700">{summary}</p>;
  return <Pagination page={meta.page} totalPages={totalPages} summary={summary} {...rest} />;
}

/**
 * The page buttons' words (Pagination's labels) from the caller's own namespace (each has its
 * own Burmese for Previous and Next): `previous`, `next` and `pageLabel` under `keys` (e.g.
 * 'list.'), with the page numbers in `n` (Burmese digits on Burmese pages).
 */
export function pagerLabels(
  t: (key: string, options?: { page: string }) => string,
  n: (value: number) => string,
  keys = '',
) {
  return {
    previousLabel: t(`${keys}previous`),
    nextLabel: t(`${keys}next`),
    pageLabel: (p: number) => t(`${keys}pageLabel`, { page: n(p) }),
    formatPage: n,
  };
}
