import type { ReactNode } from 'react';
import type { Locale } from '@hpbc/shared';
import {
  INSPECTION_KIND_LABELS,
  INSPECTION_OUTCOME_INFO,
  INSPECTION_STATUS_INFO,
  type Inspection,
} from '@hpbc/shared/company-work-terms';
import {
  CONSTRUCTION_STAGES,
  CONSTRUCTION_STAGE_LABELS,
  INSPECTION_KIND_STAGE,
  currentStage,
  type ConstructionStage,
  type StageNotice,
} from '@hpbc/shared/construction-stage-terms';
import { useTranslation } from '../../../lib/translation';
import { formatDate, formatDateTime } from '../../../lib/format';
import { StatusBadge } from '../../../components/ui/status-badge';
import { cx } from '../../../lib/cx';

/**
 * A project's construction as a timeline (issue 30): the five stages in order, each reported
 * (date, owner's note) or not yet, with the inspections of that stage beneath it. One
 * component for the owner's page and the company's inspections: `renderInspection` draws an
 * inspection as the screen needs it, `stageAction` adds the company's button to a reported stage.
 */
export function StageTimeline({
  stages,
  inspections,
  locale,
  renderInspection,
  stageAction,
  headingLevel = 3,
}: {
  stages: StageNotice[];
  inspections: Inspection[];
  locale: Locale;
  renderInspection: (inspection: Inspection) => ReactNode;
  stageAction?: (notice: StageNotice) => ReactNode;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('stages');
  const current = currentStage(stages);
  const byStage = new Map(stages.map((s) => [s.stage, s]));
  const inspectionsOf = (stage: ConstructionStage) =>
    inspections.filter((i) => INSPECTION_KIND_STAGE[i.kind] === stage);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label={t('timelineLabel')}>
      {CONSTRUCTION_STAGES.map((stage) => {
        const notice = byStage.get(stage);
        const own = inspectionsOf(stage);
        return (
          <li key={stage} className="relative space-y-2" data-testid={`stage-${stage}`}>
            <span
              aria-hidden="true"
              className={cx(
                'absolute top-1.5 -left-[1.72rem] size-3.5 rounded-full border-2',
                notice ? 'border-sky-700 bg-sky-700' : 'border-slate-400 bg-white',
              )}
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Heading className="font-semibold text-slate-900">{CONSTRUCTION_STAGE_LABELS[stage][locale]}</Heading>
              {stage === current && (
                <span className="rounded-full bg-sky-100 px-2 py-0.5 text-sm font-medium text-sky-900">
                  {t('current')}
                </span>
              )}
            </div>
            {notice ? (
              <>
                <p className="text-slate-800">
                  {t('reported', { date: formatDate(notice.date, locale) ?? notice.date })}
                </p>
                {notice.note && (
                  <p className="break-words whitespace-pre-line text-slate-700">{t('note', { note: notice.note })}</p>
                )}
                {stageAction?.(notice)}
              </>
            ) : (
              <p className="text-slate-600">{t('notReported')}</p>
            )}
            {own.length > 0 && (
              <ul className="space-y-2" aria-label={t('inspections')}>
                {own.map((i) => renderInspection(i))}
              </ul>
            )}
            {notice && own.length === 0 && stage !== 'commencement' && (
              <p className="text-sm text-slate-600">{t('noInspections')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** One inspection on a timeline, in a line: kind, date, status or result (the company's list below has the details). */
export function TimelineInspection({ inspection: i, locale }: { inspection: Inspection; locale: Locale }) {
  const info = i.outcome ? INSPECTION_OUTCOME_INFO[i.outcome] : INSPECTION_STATUS_INFO[i.status];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800">
      <span className="font-medium">{INSPECTION_KIND_LABELS[i.kind][locale]}</span>
      <time dateTime={i.scheduled_for}>{formatDateTime(i.scheduled_for, locale)}</time>
      <StatusBadge color={info.color}>{info.label[locale]}</StatusBadge>
    </li>
  );
}
