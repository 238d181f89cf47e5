import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT, PROJECT_PAGE_SIZE } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { EmptyBlock, LoadFailed } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination, pagerLabels } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { projectPageQuery } from '../api/project-queries';
import { callUrl } from '../../../lib/api-client';
import { useProjectListState } from '../hooks/use-project-list-state';
import { shownRange } from '../../../lib/paging';
import { ProjectFilters } from './project-filters';
import { ProjectTable } from './project-table';

export function ProjectListView() {
  const { t } = useTranslation('projects');
  const locale = currentLanguage();
  const n = (v: number) => formatNumber(v, locale);
  const { draft, setDraft, applied, setPage, clear } = useProjectListState();
  const query = useQuery(projectPageQuery(applied, applied.currentPage));
  const page = query.data;
  const total = page?.meta.total ?? 0;
  const lastPage = page?.meta.last_page ?? 1;

  // A restored page past the end (the list shrank since) moves to the last page.
  useEffect(() => {
    if (page && !query.isPlaceholderData && applied.currentPage > page.meta.last_page) setPage(page.meta.last_page);
  }, [page, query.isPlaceholderData, applied.currentPage, setPage]);

  const { from, to } = shownRange(applied.currentPage, PROJECT_PAGE_SIZE, total);
  // Specification section 8: a failed load leaves the list empty ('No projects found.'); the
  // portal also says so and offers to try again, rather than only logging it.
  const rows = query.error ? [] : (page?.data ?? []);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('list.title')} />
      <Alert variant="info" title={t('list.infoTitle')}>
        {t('list.info', { name: PRODUCT.short })}
      </Alert>

      <ProjectFilters value={draft} statuses={page?.meta.statuses ?? []} onChange={setDraft} onClear={clear} />

      {query.error && (
        <LoadFailed message={t('list.loadFailed')} retryLabel={t('list.retry')} onRetry={() => void query.refetch()} />
      )}

      <p className="sr-only" role="status">
        {page && !query.isFetching ? t('list.results', { count: total, n: n(total) }) : ''}
      </p>

      {query.isPending ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-slate-700">
          <Spinner />
          <span>{t('list.loading')}</span>
        </div>
      ) : rows.length === 0 ? (
        <EmptyBlock>{t('list.empty')}</EmptyBlock>
      ) : (
        <ProjectTable projects={rows} busy={query.isPlaceholderData} />
      )}

      {!query.error && lastPage > 1 && (
        <Pagination
          page={applied.currentPage}
          totalPages={lastPage}
          onPageChange={(p) => {
            setPage(p);
            document.getElementById('main-content')?.scrollIntoView({ block: 'start' });
          }}
          label={t('list.pagination')}
          summary={t('list.showing', { from: n(from), to: n(to), total: n(total) })}
          {...pagerLabels(t, n, 'list.')}
        />
      )}

      <OpenDataNote />
    </div>
  );
}

/** The whole list as open data (GET /api/open-data/projects.csv / .json), with its licence. */
function OpenDataNote() {
  const { t } = useTranslation('projects');
  const link =
    'inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-medium text-blue-800 underline underline-offset-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
  return (
    <section
      aria-labelledby="open-data-title"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800"
    >
      <h2 id="open-data-title" className="text-base font-semibold">
        {t('openData.title')}
      </h2>
      <p className="mt-1 text-sm">{t('openData.intro')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a className={link} href={callUrl('GET /api/open-data/projects.csv')} download>
          {t('openData.csv')}
        </a>
        <a className={link} href={callUrl('GET /api/open-data/projects.json')} download>
          {t('openData.json')}
        </a>
      </div>
      <p className="mt-3 text-sm">{t('openData.licence')}</p>
    </section>
  );
}
