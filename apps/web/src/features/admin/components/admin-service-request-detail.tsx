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
import { RecordStates, recordLabels } from '../../../components/ui/load-states';
import { AdminPage } from './admin-page';
import {
  RequestHistorySection,
  RequestStatusBadge,
  coverLetterKb,
  requestRow,
} from '../../../components/ui/service-request-history';

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
      <RecordStates query={query} notFound={notFound} {...recordLabels(t, 'serviceRequests.')} />
      {r && (
        <>
          <dl className="rounded-lg border border-slate-200 bg-white shadow-sm">
            {requestRow(t('serviceRequests.fields.reference'), <span className="font-mono">{r.reference}</span>)}
            {requestRow(t('serviceRequests.fields.status'), <RequestStatusBadge status={r.status} />)}
            {requestRow(t('serviceRequests.fields.date'), formatDateTime(r.created_at, locale))}
            {requestRow(t('serviceRequests.fields.updated'), formatDateTime(r.updated_at, locale))}
            {requestRow(
              t('serviceRequests.fields.kind'),
              t(`serviceRequests.kind.${r.kind}`, { defaultValue: r.kind }),
            )}
            {requestRow(t('serviceRequests.fields.company'), r.company_label)}
            {requestRow(t('serviceRequests.fields.project_name'), r.project_name)}
            {requestRow(t('serviceRequests.fields.project_information'), r.project_information)}
            {requestRow(t('serviceRequests.fields.company_name'), r.company_name)}
            {requestRow(t('serviceRequests.fields.address'), r.address)}
            {requestRow(
              t('serviceRequests.fields.company_email'),
              <a className="text-blue-800 underline" href={`mailto:${r.company_email}`}>
                {r.company_email}
              </a>,
            )}
            {requestRow(t('serviceRequests.fields.contact_phone'), r.contact_phone)}
            {requestRow(
              t('serviceRequests.fields.locale'),
              t(`serviceRequests.locale.${r.locale}`, { defaultValue: r.locale }),
            )}
            {requestRow(
              t('serviceRequests.fields.cover_letter'),
              <span className="flex flex-col items-start gap-2">
                <span className="break-all">
                  {r.cover_letter_name} (
                  {t('serviceRequests.fileSize', {
                    size: formatNumber(coverLetterKb(r.cover_letter_size), locale),
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
