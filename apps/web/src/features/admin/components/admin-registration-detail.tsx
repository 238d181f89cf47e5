import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormOneData, RegistrationRecord } from '@hpbc/shared/form-one-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownload } from '../../../lib/use-download';
import { adminRegistrationKeys, adminRegistrationQuery } from '../api/admin-registrations';
import { RecordStates, recordLabels } from '../../../components/ui/load-states';
import { AdminPage } from './admin-page';
import { RegistrationHistory, RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { FACT_VALUE, Fact, Facts } from '../../../components/ui/facts';
import { ReviewStatusForm } from './review-status-form';
import { AdminCounterparts } from './admin-counterparts';
import { AdminCaseNotes } from './admin-case-notes';
import type { ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import { Panel } from '../../../components/ui/panel';

interface Props {
  id: number | null;
  /** The read-only answers, drawn by the Form One feature (composed in the route module). */
  renderAnswers: (data: FormOneData) => ReactNode;
  /** Saves the registration's PDF (the Form One feature's download). */
  downloadPdf: (record: RegistrationRecord) => Promise<void>;
}

const backClasses =
  'inline-flex items-center gap-1 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';

/** /admin/registrations/{id}: the whole registration, its history, the PDF and the status change. */
export function AdminRegistrationDetail({ id, renderAnswers, downloadPdf }: Props) {
  // The approval confirmation's words (ReviewStatusForm) load with the page's own.
  const { t, i18n } = useTranslation(['admin', 'workflow']);
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const query = useQuery({ ...adminRegistrationQuery(id ?? 0), enabled: id !== null });
  const pdf = useDownload();
  const record = query.data;
  const reference = record?.reference_number ?? (id ? `#${id}` : '');
  useDocumentTitle(t('registrations.detailTitle', { reference }));

  const back = (
    <Link to="/admin/registrations" className={backClasses}>
      <span aria-hidden="true">←</span> {t('registrations.back')}
    </Link>
  );
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);

  function changed(updated: RegistrationRecord | null) {
    if (updated) queryClient.setQueryData(adminRegistrationKeys.detail(updated.id), updated);
    else void query.refetch();
    void queryClient.invalidateQueries({ queryKey: [...adminRegistrationKeys.all, 'list'] });
  }

  return (
    <AdminPage
      before={back}
      title={
        record
          ? record.project_name.trim() || t('registrations.untitled')
          : t('registrations.detailTitle', { reference })
      }
    >
      <RecordStates query={query} notFound={notFound} {...recordLabels(t, 'registrations.')} />
      {record && (
        <>
          <Facts columns="sm:grid-cols-2 lg:grid-cols-4">
            <Fact label={t('registrations.reference')} valueClassName={FACT_VALUE.reference} testId="admin-reference">
              {reference}
            </Fact>
            <Fact label={t('registrations.status')} valueClassName={FACT_VALUE.control} testId="admin-status">
              <RegistrationStatusBadge status={record.status} />
            </Fact>
            <Fact label={t('registrations.submittedAt')}>{formatDateTime(record.submitted_at, locale)}</Fact>
            <Fact label="PDF" valueClassName={FACT_VALUE.control}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void pdf.start(() => downloadPdf(record))}
                loading={pdf.busy}
                busyText={t('registrations.downloading')}
              >
                {t('registrations.download')}
              </Button>
            </Fact>
          </Facts>
          {pdf.failed && <Alert variant="error">{t('registrations.downloadFailed')}</Alert>}

          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ReviewStatusForm record={record} locale={locale} onChanged={changed} />
            <Panel headingId="admin-history" title={t('registrations.history')}>
              {record.history.length === 0 ? (
                <p className="text-slate-700">{t('registrations.noHistory')}</p>
              ) : (
                <RegistrationHistory
                  history={record.history}
                  locale={locale}
                  by={(name) => t('registrations.by', { name })}
                  className="space-y-3"
                />
              )}
            </Panel>
          </div>

          <AdminCounterparts record={record as ReviewedRegistration} locale={locale} />

          <AdminCaseNotes registrationId={record.id} />

          <Panel
            headingId="admin-answers"
            title={t('registrations.answers')}
            className="space-y-3"
            headingClassName="text-xl font-bold text-slate-900"
          >
            {renderAnswers(record.data)}
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
