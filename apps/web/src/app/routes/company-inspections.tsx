import { InspectionsPage } from '../../features/company/components/inspections-page';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { CompanyStages } from '../../features/stages/components/company-stages';
import { TimelineInspection } from '../../features/stages/components/stage-timeline';

export function Component() {
  const lang = useLang();
  return (
    <InspectionsPage
      // Each registration's construction stages as a timeline; the company schedules a stage's inspection from its notice (issue 30).
      renderStages={(registration, schedule) => (
        <CompanyStages
          stages={registration.stage_notices}
          inspections={registration.inspections}
          locale={lang}
          schedule={schedule}
          renderInspection={(i) => <TimelineInspection key={i.id} inspection={i} locale={lang} />}
        />
      )}
    />
  );
}
