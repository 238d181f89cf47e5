import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import type { Locale } from '@hpbc/shared';
import {
  CountersignatureList,
  countersignatureLabels,
  signedWithText,
} from '../../../components/ui/countersignature-list';
import { RecordStates } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { FACT_VALUE, Fact, Facts } from '../../../components/ui/facts';
import { Panel } from '../../../components/ui/panel';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { verifyQuery } from '../api/reviews';

/**
 * /verify/{reference}: the public check of a printed registration (no contact data).
 * `renderDocuments`: the approved sheets and the check of a copy (issue 25), composed by the route.
 */
export function VerifyPage({
  reference,
  renderDocuments,
}: {
  reference: string;
  renderDocuments?: (answer: VerifyAnswer) => ReactNode;
}) {
  const { t, i18n } = useTranslation('reviews');
  const { t: ts } = useTranslation('security');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('verify.pageTitle', { reference }));
  const query = useQuery(verifyQuery(reference));
  const v = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const labels = countersignatureLabels(t, 'verify');

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title={t('verify.title')} description={t('verify.intro')} />
      <RecordStates
        query={query}
        notFound={notFound}
        notFoundTitle={t('verify.notFound', { reference })}
        loading={t('verify.loading')}
        failed={t('verify.loadFailed')}
        retryLabel={t('verify.retry')}
      />
      {v && (
        <>
          <Facts columns="sm:grid-cols-2">
            <Fact label={t('verify.reference')} valueClassName={FACT_VALUE.reference} testId="verify-reference">
              {v.reference_number}
            </Fact>
            <Fact label={t('verify.project')} valueClassName="font-semibold break-words text-slate-900">
              {v.project_name}
            </Fact>
            <Fact label={t('verify.status')} valueClassName={FACT_VALUE.control} testId="verify-status">
              <RegistrationStatusBadge status={v.status} />
            </Fact>
            <Fact label={t('verify.submittedAt')}>{formatDateTime(v.submitted_at, locale)}</Fact>
            <Fact label={t('verify.decidedAt')}>
              {v.decided_at ? formatDateTime(v.decided_at, locale) : t('verify.undecided')}
              {v.decision && (
                <span className="mt-1 block text-sm text-slate-700" data-testid="decision-signed-with">
                  {signedWithText(ts, v.decision.signed_with, locale)}
                </span>
              )}
            </Fact>
            <div className="sm:col-span-2">
              <dt className="text-sm text-slate-600">{t('verify.hash')}</dt>
              <dd className="font-mono text-sm break-all text-slate-900" data-testid="verify-hash">
                {v.content_sha256}
              </dd>
              <dd className="mt-1 text-sm text-slate-700">{t('verify.hashHelp')}</dd>
            </div>
          </Facts>
          <Panel headingId="verify-countersignatures" title={t('verify.countersignatures')} space={2}>
            <CountersignatureList
              items={v.countersignatures}
              locale={locale}
              labels={labels}
              signedWith={(signed) => signedWithText(ts, signed, locale)}
            />
          </Panel>
          {renderDocuments?.(v)}
        </>
      )}
    </div>
  );
}
