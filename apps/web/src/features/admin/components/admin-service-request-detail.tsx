import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminServiceRequestQuery, downloadCoverLetter } from '../api/admin-service-requests';
import { RecordStates } from '../../../components/ui/load-states';
import { AdminPage } from './admin-page';
import { RequestHistorySection, RequestStatusBadge } from '../../../components/ui/service-request-history';

/** /admin/service-requests/{id}: every field of one request, its cover letter, status and history (the company's answers). */
export function AdminServiceRequestDetail({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery({ ...adminServiceRequestQuery(id ?? 0), enabled: id !== null });
  const letter = useDownload();
  const r = query.data;
  const title = t('serviceRequests.detailTitle', { id: id ? formatNumber(id, locale) : '' });
  useDocumentTitle(title);
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);

  const gone = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 410);
  const downloadError =
    letter.failed && t(gone(letter.failed.error) ? 'serviceRequests.downloadGone' : 'serviceRequests.downloadFailed');

  const row = (label: string, value: React.ReactNode) => (
    <div className="grid gap-1 border-b border-slate-100 px-4 py-3 last:border-0 sm:grid-cols-3 sm:gap-4 sm:px-5">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words whitespace-pre-line text-slate-900 sm:col-span-2">{value}</dd>
    </div>
  );

  return (
    <AdminPage
      title={r ? r.project_name : title}
      before={
        <Link
          to="/admin/service-requests"
          className="inline-flex items-center gap-1 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
        >
          <span aria-hidden="true">←</span> {t('serviceRequests.back')}
        </Link>
      }
    >
      <RecordStates
        query={query}
        notFound={notFound}
        notFoundTitle={t('serviceRequests.notFound')}
        loading={t('serviceRequests.loading')}
        failed={t('serviceRequests.loadFailed')}
        retryLabel={t('retry')}
      />
      {r && (
        <>
          <dl className="rounded-lg border border-slate-200 bg-white shadow-sm">
            {row(t('serviceRequests.fields.reference'), <span className="font-mono">{r.reference}</span>)}
            {row(t('serviceRequests.fields.status'), <RequestStatusBadge status={r.status} />)}
            {row(t('serviceRequests.fields.date'), formatDateTime(r.created_at, locale))}
            {row(t('serviceRequests.fields.updated'), formatDateTime(r.updated_at, locale))}
            {row(t('serviceRequests.fields.kind'), t(`serviceRequests.kind.${r.kind}`, { defaultValue: r.kind }))}
            {row(t('serviceRequests.fields.company'), r.company_label)}
            {row(t('serviceRequests.fields.project_name'), r.project_name)}
            {row(t('serviceRequests.fields.project_information'), r.project_information)}
            {row(t('serviceRequests.fields.company_name'), r.company_name)}
            {row(t('serviceRequests.fields.address'), r.address)}
            {row(
              t('serviceRequests.fields.company_email'),
              <a className="text-blue-800 underline" href={`mailto:${r.company_email}`}>
                {r.company_email}
              </a>,
            )}
            {row(t('serviceRequests.fields.contact_phone'), r.contact_phone)}
            {row(
              t('serviceRequests.fields.locale'),
              t(`serviceRequests.locale.${r.locale}`, { defaultValue: r.locale }),
            )}
            {row(
              t('serviceRequests.fields.cover_letter'),
              <span className="flex flex-col items-start gap-2">
                <span className="break-all">
                  {r.cover_letter_name} (
                  {t('serviceRequests.fileSize', {
                    size: formatNumber(Math.max(1, Math.round(r.cover_letter_size / 1024)), locale),
                  })}
                  )
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void letter.start(() => downloadCoverLetter(r.id, r.cover_letter_name))}
                  loading={letter.busy}
                  busyText={t('serviceRequests.downloading')}
                >
                  {t('serviceRequests.download')}
                </Button>
              </span>,
            )}
          </dl>
          <div aria-live="polite">{downloadError && <Alert variant="error">{downloadError}</Alert>}</div>
          <RequestHistorySection
            headingId="request-history"
            title={t('serviceRequests.historyTitle')}
            history={r.history}
          />
        </>
      )}
    </AdminPage>
  );
}
