import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared/product';
import type { RegistrationRecord } from '@hpbc/shared/form-one-fields';
import { STATUS, STATUS_HOLDER, isRegistrationStatus, timelineSteps } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { cx } from '../../../lib/cx';

const DOT: Record<string, string> = {
  submitted: 'bg-blue-700',
  resubmitted: 'bg-blue-700',
  under_review: 'bg-amber-600',
  returned: 'bg-orange-600',
  approved: 'bg-green-700',
  rejected: 'bg-red-700',
};

/**
 * The committee's decision on screen, not only in the mail (issue 28, item 1): approved or
 * rejected, when, with its note; an approval links to the public entry and /verify.
 */
export function DecisionPanel({
  record,
  lang,
}: {
  record: RegistrationRecord & { project_id?: number | null };
  lang: Locale;
}) {
  const { t } = useTranslation('workflow');
  if (record.status !== STATUS.approved && record.status !== STATUS.rejected) return null;
  const decision = [...record.history].reverse().find((h) => h.status === record.status);
  const approved = record.status === STATUS.approved;
  const link = 'font-semibold text-green-900 underline underline-offset-4 hover:text-green-950';
  return (
    <div data-testid="decision">
      <Alert
        variant={approved ? 'success' : 'error'}
        title={t(approved ? 'decision.approved' : 'decision.rejected', {
          date: formatDate(decision?.created_at ?? record.updated_at, lang),
        })}
      >
        {decision?.note && (
          <p>
            <span className="font-semibold">{t('decision.noteLabel')}</span> {decision.note}
          </p>
        )}
        {approved && (
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 print:hidden">
            {record.project_id ? (
              <Link className={link} to={`/project-detail/${record.project_id}`}>
                {t('decision.publicEntry')}
              </Link>
            ) : null}
            {record.reference_number && (
              <Link className={link} to={`/verify/${encodeURIComponent(record.reference_number)}`}>
                {t('decision.verify')}
              </Link>
            )}
          </p>
        )}
      </Alert>
    </div>
  );
}

/** The submitter's timeline: each step with its date and note, and who holds the registration now. */
export function RegistrationTimeline({ record, lang }: { record: RegistrationRecord; lang: Locale }) {
  const { t } = useTranslation('workflow');
  const steps = timelineSteps(record.history);
  const holder = isRegistrationStatus(record.status) ? STATUS_HOLDER[record.status] : undefined;
  return (
    <section aria-labelledby="timeline-title" className="space-y-3 print:break-inside-avoid" data-testid="timeline">
      <h2 id="timeline-title" className="text-lg font-bold text-slate-900">
        {t('timeline.title')}
      </h2>
      {holder && record.status !== STATUS.draft && (
        <p className="font-medium text-slate-900" data-testid="timeline-holder">
          {t(`timeline.holder.${holder}`)}
        </p>
      )}
      {steps.length === 0 ? (
        <p className="text-slate-700">{t('timeline.empty')}</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-blue-200 pl-4">
          {steps.map((s, i) => (
            <li key={`${s.at}-${i}`} className="relative">
              <span
                aria-hidden="true"
                className={cx('absolute top-2 -left-[1.4rem] size-2.5 rounded-full', DOT[s.step])}
              />
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">{t(`timeline.step.${s.step}`)}</span>
                <time dateTime={s.at} className="text-sm text-slate-700">
                  {formatDateTime(s.at, lang)}
                </time>
              </div>
              {s.note && (
                <p className="mt-1 break-words whitespace-pre-line text-slate-800">
                  <span className="sr-only">{t('timeline.noteLabel')}: </span>
                  {s.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
