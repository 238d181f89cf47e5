import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import type { Project, ProjectDetail } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed } from '../../../components/ui/load-states';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { projectQuery } from '../api/project-queries';
import { keepsSavedState, parseSavedState, savedState, stateToSearch } from '../list-state';
import { ProjectStatusBadge } from './project-status-badge';
import { langOf } from '../../../lib/script-lang';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** 'Back to Project Lists' returns to the list with the saved filters as query parameters. */
export function backToListHref(saved: string | null): string {
  const state = parseSavedState(saved);
  const query = state ? stateToSearch(state).toString() : '';
  return query ? `/project-list?${query}` : '/project-list';
}

function BackLink() {
  const { t } = useTranslation('projects');
  const [href] = useState(() => backToListHref(savedState.read()));
  return (
    <Link to={href} className={buttonClasses('secondary', 'sm')}>
      <span aria-hidden="true">←</span> {t('detail.back')}
    </Link>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <th scope="row" className="w-2/5 bg-slate-50 px-4 py-3 text-left align-top font-semibold text-slate-700 sm:w-1/3">
        {label}
      </th>
      <td className="px-4 py-3 text-slate-900">{children}</td>
    </tr>
  );
}

function DetailTable({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const locale = currentLanguage();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-sm sm:text-base">
        <caption className="border-b border-slate-200 px-4 py-4 text-left text-lg font-semibold text-slate-900">
          {t('detail.title')}
        </caption>
        <tbody>
          <Row label={t('columns.rn')}>{project.rn_number}</Row>
          <Row label={t('columns.name')}>
            <span lang={langOf(project.project_name)}>{project.project_name}</span>
          </Row>
          <Row label={t('columns.developer')}>
            <span lang={langOf(project.developer)}>{project.developer}</span>
          </Row>
          <Row label={t('columns.status')}>
            <ProjectStatusBadge status={project.status} />
          </Row>
          <Row label={t('columns.basement')}>{n(project.basement)}</Row>
          <Row label={t('columns.storey')}>{n(project.storey)}</Row>
          <Row label={t('columns.buildingHeight')}>
            {project.building_height == null
              ? t('detail.heightNotGiven')
              : t('detail.metres', { value: n(project.building_height) })}
          </Row>
          <Row label={t('columns.location')}>{project.location}</Row>
          <Row label={t('columns.region')}>{project.region}</Row>
          <Row label={t('columns.state')}>{project.state}</Row>
        </tbody>
      </table>
    </div>
  );
}

function LoadingSkeleton() {
  const { t } = useTranslation('projects');
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p role="status" className="sr-only">
        {t('detail.loading')}
      </p>
      <Skeleton className="mb-6 w-1/3" />
      <div className="space-y-4">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="grid grid-cols-[1fr_2fr] gap-4">
            <Skeleton />
            <Skeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

/** `renderAfter`: what the route composes below the details (the construction, issue 30). */
type RenderAfter = (project: ProjectDetail) => ReactNode;

function Loaded({ id, renderAfter }: { id: string; renderAfter?: RenderAfter }) {
  const { t } = useTranslation('projects');
  const query = useQuery(projectQuery(id));
  if (query.isPending) return <LoadingSkeleton />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <Alert variant="warning">{t('detail.notFound')}</Alert>;
    }
    return (
      <LoadFailed message={t('detail.failed')} retryLabel={t('detail.retry')} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <>
      <DetailTable project={query.data} />
      {renderAfter?.(query.data)}
    </>
  );
}

export function ProjectDetailView({ id, renderAfter }: { id: string | undefined; renderAfter?: RenderAfter }) {
  const { t } = useTranslation('projects');
  // The tab's title is the project's name, as the server's HTML of this page has it (decision
  // 084); the same query as the details' (one fetch).
  const { data } = useQuery({ ...projectQuery(id ?? ''), enabled: Boolean(id) });
  useDocumentTitle(data?.project_name ?? t('detail.docTitle'));

  // Leaving the detail for anywhere but the list or another detail forgets the list's filters.
  useEffect(
    () => () => {
      if (!keepsSavedState(window.location.pathname)) savedState.clear();
    },
    [],
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('detail.title')}</h1>
      {id ? <Loaded id={id} renderAfter={renderAfter} /> : <Alert variant="error">{t('detail.idRequired')}</Alert>}
    </div>
  );
}
