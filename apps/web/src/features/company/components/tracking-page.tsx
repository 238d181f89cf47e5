import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { trackingQuery } from '../api/company';
import { RequestHistorySection, RequestStatusBadge } from '../../../components/ui/service-request-history';

/** /service-requests/track/{token}: the requester's private view of a request, with no account. */
export function TrackingPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('track.pageTitle'));
  const query = useQuery(trackingQuery(token));
  const r = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('track.pageTitle')} description={<p>{t('track.intro')}</p>} />
      {query.isPending && <LoadingBlock label={t('track.loading')} />}
      {notFound && <Alert variant="warning">{t('track.notFound')}</Alert>}
      {query.isError && !notFound && (
        <LoadFailed message={t('track.loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      )}
      {r && (
        <>
          <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5">
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('track.status')}</dt>
              <dd className="mt-1">
                <RequestStatusBadge status={r.status} />
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('request.fields.reference')}</dt>
              <dd className="mt-1 font-mono">{r.reference}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('track.company')}</dt>
              <dd className="mt-1 break-words">{r.company_name}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('track.project')}</dt>
              <dd className="mt-1 break-words">{r.project_name}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('track.sent')}</dt>
              <dd className="mt-1">{formatDateTime(r.created_at, locale)}</dd>
            </div>
          </dl>
          <RequestHistorySection headingId="track-history" title={t('track.historyTitle')} history={r.history} />
        </>
      )}
    </div>
  );
}
