import type { ReactNode } from 'react';
import type { Inspection, Locale, StageNotice } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/translation';
import { StageTimeline } from './stage-timeline';

/**
 * The company's view of a registration's construction (issue 30): the stages the owner
 * reported, as the owner's timeline, each with a button that schedules its inspection from
 * the notice. Folded away until opened, as the inspections below stay the page's main list.
 */
export function CompanyStages({
  stages,
  inspections,
  locale,
  schedule,
  renderInspection,
}: {
  stages: StageNotice[];
  inspections: Inspection[];
  locale: Locale;
  schedule: (notice: StageNotice) => void;
  renderInspection: (inspection: Inspection) => ReactNode;
}) {
  const { t } = useTranslation('stages');
  if (stages.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-slate-50 p-3" open>
      <summary className="cursor-pointer font-semibold text-slate-900">{t('title')}</summary>
      <div className="mt-3 space-y-3">
        <p className="text-slate-700">{t('companyIntro')}</p>
        <StageTimeline
          stages={stages}
          inspections={inspections}
          locale={locale}
          // Under the registration's <h2> on the inspections screen: an <h4> skipped a level
          // (Lighthouse's heading-order, issue 31).
          headingLevel={3}
          renderInspection={renderInspection}
          stageAction={(notice) => (
            <Button size="sm" variant="secondary" onClick={() => schedule(notice)}>
              {t('schedule')}
            </Button>
          )}
        />
      </div>
    </details>
  );
}
