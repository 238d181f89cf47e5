import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import { LoadFailed } from '../../../components/ui/load-states';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import {
  DIRECTORY_PAGE_SIZE,
  FILTER_KEYS,
  filterCompanies,
  hasFilters,
  localToday,
  pageCount,
  pageOf,
  type DirectoryKind,
} from '../directory';
import { useDirectoryState } from '../hooks/use-directory-state';

export interface DirectoryData<T> {
  /** undefined while loading; [] after a failure (specification section 8: the list is emptied). */
  companies: T[] | undefined;
  failed: boolean;
  retry: () => void;
}

/** A company list's DirectoryData from its TanStack query. */
export function directoryData<T>(query: {
  data: T[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}): DirectoryData<T> {
  return {
    // A failed load empties the list (specification section 8); a retry shows loading again.
    companies: query.isError ? (query.isFetching ? undefined : []) : query.data,
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

interface Props<T extends EietCompany | PileCompany> {
  kind: DirectoryKind;
  data: DirectoryData<T>;
  renderEntry: (company: T, today: string) => ReactNode;
}

/**
 * The list pattern both company pages share (specification section 2): three filters,
 * Clear Filters, "Total N companies found", entries, and Previous / Next / "Page X of Y"
 * only when there are more than ten results. All filtering and paging is in the browser.
 */
export function CompanyDirectory<T extends EietCompany | PileCompany>({ kind, data, renderEntry }: Props<T>) {
  const { t, i18n } = useTranslation('directory');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const { state, setFilter, setPage, clear } = useDirectoryState(kind);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  // One "today" per page view: dates relative to the visitor's own calendar.
  const today = useMemo(() => localToday(), []);

  const loading = data.companies === undefined;
  const filtered = useMemo(
    () => filterCompanies(kind, data.companies ?? [], state.filters),
    [kind, data.companies, state.filters],
  );
  const { rows, page } = pageOf(filtered, state.page);
  const totalPages = pageCount(filtered.length);
  const n = (value: number) => formatNumber(value, locale);

  function goTo(next: number) {
    setPage(next);
    // Keep keyboard and screen-reader users at the top of the new page of results.
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  return (
    <div className="space-y-6">
      <form
        role="search"
        aria-label={t(`${kind}.filtersLabel`)}
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="grid gap-4 md:grid-cols-3">
          {FILTER_KEYS[kind].map((key) => (
            <TextField
              key={key}
              type="search"
              label={t(`${kind}.filters.${key}`)}
              placeholder={t(`${kind}.filters.${key}Placeholder`)}
              value={state.filters[key] ?? ''}
              onChange={(e) => setFilter(key, e.target.value)}
              autoComplete="off"
              maxLength={200}
            />
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="font-semibold text-slate-800">
            {loading ? '' : t('total', { count: filtered.length, n: n(filtered.length) })}
          </p>
          <Button variant="secondary" onClick={clear} disabled={!hasFilters(state.filters)}>
            {t('clearFilters')}
          </Button>
        </div>
      </form>

      <section aria-labelledby={`${kind}-results`} className="space-y-4">
        <h2 id={`${kind}-results`} ref={resultsRef} tabIndex={-1} className="sr-only scroll-mt-24">
          {t(`${kind}.resultsHeading`)}
        </h2>

        {data.failed && <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={data.retry} />}

        {loading ? (
          <div className="space-y-4">
            <p role="status" className="flex items-center gap-2 text-slate-700">
              <Spinner size="sm" />
              {t('loading')}
            </p>
            <div className="grid gap-4 lg:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="rounded-lg border border-slate-200 bg-white p-5">
                  <Skeleton lines={5} />
                </div>
              ))}
            </div>
          </div>
        ) : rows.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="text-lg font-semibold text-slate-800">{t('noResults')}</p>
            {hasFilters(state.filters) && <p className="mt-1 text-slate-600">{t('noResultsHint')}</p>}
          </div>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {rows.map((company) => (
              <li key={company.id}>{renderEntry(company, today)}</li>
            ))}
          </ul>
        )}

        {filtered.length > DIRECTORY_PAGE_SIZE && (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={goTo}
            label={t('pagination.label')}
            previousLabel={t('pagination.previous')}
            nextLabel={t('pagination.next')}
            summary={t('pagination.pageOf', { page: n(page), total: n(totalPages) })}
            windowSize={0}
            className="rounded-lg border border-slate-200 bg-white p-3"
          />
        )}
      </section>
    </div>
  );
}
