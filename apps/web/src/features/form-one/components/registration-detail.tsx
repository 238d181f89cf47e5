import { Suspense } from 'react';
import type { RegistrationRecord } from '@hpbc/shared/form-one-fields';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared/product';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadRegistrationPdf, registrationQuery } from '../api/registrations';
import { useLang } from '../hooks/use-lang';
import { returnedFor } from '../returned-for';
import { AnswersByStep } from './answers-by-step';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { ReturnedNote } from './returned-note';
import './print.css';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { LoadFailed } from '../../../components/ui/load-states';
import { FACT_VALUE, Fact, Facts } from '../../../components/ui/facts';
import type { ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import { ReviewPanel } from './review-panel';
import { DecisionPanel, RegistrationTimeline } from './registration-timeline';

/** /user/projects/{id}: the whole registration, read-only, printable, with its decision, timeline and PDF. */
/**
 * `related(record)`: what other work areas add to the page after the summary (the EIET
 * company's inspections), composed by the route.
 */
export function RegistrationDetail({
  id,
  related,
}: {
  id: number | null;
  related?: (record: RegistrationRecord) => React.ReactNode;
}) {
  // The timeline's words load with the page's own, not in a second wait.
  const { t } = useTranslation(['form-one', 'workflow']);
  const lang = useLang();
  const query = useQuery({ ...registrationQuery(id ?? 0), enabled: id !== null });
  const pdf = useDownload();
  const record = query.data;
  const returned = record ? returnedFor(record) : undefined;
  useDocumentTitle(
    record?.reference_number ? t('area.detailDocTitle', { reference: record.reference_number }) : t('area.detailTitle'),
  );

  const back = (
    <Link
      to="/user/projects"
      className="inline-flex items-center gap-1 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 print:hidden"
    >
      <span aria-hidden="true">←</span> {t('area.backToList')}
    </Link>
  );

  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
        {back}
        {/* The page's one heading says what happened (the state has no other h1). */}
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {t('area.notFound')}
        </h1>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6" data-printable>
      {back}
      {query.isPending && (
        <div className="space-y-4">
          <span role="status" className="sr-only">
            {t('area.loading')}
          </span>
          <Skeleton lines={6} />
        </div>
      )}
      {query.isError && !notFound && (
        <LoadFailed title={t('area.loadFailed')} retryLabel={t('area.retry')} onRetry={() => void query.refetch()} />
      )}
      {record && (
        <>
          <PageHeader
            eyebrow={t('title')}
            title={record.project_name.trim() || t('area.untitled')}
            actions={
              <div className="flex flex-wrap gap-2 print:hidden">
                {record.status === STATUS.draft ? (
                  <Link
                    to={`/form-one?draft=${record.id}&step=${record.current_step}`}
                    className={buttonClasses('primary')}
                  >
                    {t('area.continue')}
                  </Link>
                ) : (
                  <Button
                    onClick={() =>
                      void pdf.start(() =>
                        downloadRegistrationPdf(record.id, `${record.reference_number ?? 'form-one'}.pdf`, lang),
                      )
                    }
                    loading={pdf.busy}
                    busyText={t('area.downloading')}
                  >
                    {t('area.download')}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => window.print()}>
                  {t('area.print')}
                </Button>
              </div>
            }
          />
          <p className="hidden text-sm text-slate-600 print:block">
            {t('area.printedFrom', { product: PRODUCT.short })}
          </p>
          {pdf.failed && <Alert variant="error">{t('area.downloadFailed')}</Alert>}
          {record.status === STATUS.draft && <Alert variant="info">{t('area.draftNotice')}</Alert>}
          {returned && (
            <Alert
              variant="warning"
              title={returned.comments.length ? t('reviewNotes.returnedTitle') : t('area.returnedTitle')}
              action={
                <Link to={`/form-one?draft=${record.id}&step=1`} className={buttonClasses('primary', 'sm')}>
                  {t('area.makeChanges')}
                </Link>
              }
            >
              <ReturnedNote returned={returned} />
            </Alert>
          )}

          <Facts columns="sm:grid-cols-3">
            <Fact
              label={t('area.reference')}
              valueClassName="font-mono text-lg font-bold text-slate-900"
              testId="detail-reference"
            >
              {record.reference_number ?? t('area.draftReference')}
            </Fact>
            <Fact label={t('area.status')} valueClassName={FACT_VALUE.control}>
              <RegistrationStatusBadge status={record.status} />
            </Fact>
            <Fact label={record.submitted_at ? t('area.submittedAt') : t('area.lastSaved')}>
              {formatDateTime(record.submitted_at ?? record.updated_at, lang)}
            </Fact>
          </Facts>

          <DecisionPanel record={record as ReviewedRegistration} lang={lang} />

          <RegistrationTimeline record={record} lang={lang} />

          <ReviewPanel record={record as ReviewedRegistration} lang={lang} />

          {/* What the route adds may load its code when shown (decision 118): until it has, its
              place and the answers' are held together, so nothing already drawn below it moves. */}
          <Suspense fallback={<Skeleton lines={6} />}>
            {related?.(record)}

            <AnswersByStep
              values={record.data}
              lang={lang}
              headingLevel={2}
              comments={(record as ReviewedRegistration).comments}
              changes={(record as ReviewedRegistration).changes}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
