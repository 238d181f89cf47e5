import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Locale } from '@hpbc/shared';
import type { ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import { CountersignatureList, countersignatureLabels } from '../../../components/ui/countersignature-list';
import { FieldComments } from './field-review-notes';
import { Panel } from '../../../components/ui/panel';

const linkClasses = 'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';

/**
 * The submitter's view of the counterparts' review: comments on the whole registration,
 * the countersignatures with their state, the content hash with the public verification
 * page, and the published project once approved. (Field comments show beside each field.)
 */
export function ReviewPanel({ record, lang }: { record: ReviewedRegistration; lang: Locale }) {
  const { t } = useTranslation('form-one');
  if (!record.reference_number || !record.countersignatures) return null;
  const whole = record.comments.filter((c) => c.field === null);
  return (
    <Panel
      headingId="review-panel-title"
      title={t('reviewNotes.countersignatures')}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 print:break-inside-avoid"
    >
      <CountersignatureList
        items={record.countersignatures}
        locale={lang}
        labels={countersignatureLabels(t, 'reviewNotes')}
      />
      {whole.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{t('reviewNotes.wholeTitle')}</h3>
          <FieldComments comments={whole} />
        </div>
      )}
      <p className="text-sm text-slate-700">
        {t('reviewNotes.hash')}: <span className="font-mono break-all">{record.content_sha256}</span>
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm print:hidden">
        <Link to={`/verify/${record.reference_number}`} className={linkClasses}>
          {t('reviewNotes.verifyLink')}
        </Link>
        {record.project_id && (
          <Link to={`/project-detail/${record.project_id}`} className={linkClasses} data-testid="published-project">
            {t('reviewNotes.projectLink')}
          </Link>
        )}
      </p>
    </Panel>
  );
}
