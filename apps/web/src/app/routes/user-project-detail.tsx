import { useParams } from 'react-router';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { ChangeReportsPanel } from '../../features/change-reports/components/change-reports-panel';
import { PresentationsPanel } from '../../features/presentations/components/presentations-panel';
import { InspectionItem, RegistrationInspections } from '../../features/company/components/inspection-list';
import { RegistrationClock } from '../../features/clocks/components/registration-clock';
import { SignboardDownload } from '../../features/concerns/components/signboard-download';
import { DocumentsLink } from '../../features/documents/components/documents-link';
import { RegistrationDetail } from '../../features/form-one/components/registration-detail';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { ConstructionStages } from '../../features/stages/components/construction-stages';

export function Component() {
  const { id } = useParams();
  const lang = useLang();
  return (
    <RegistrationDetail
      id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null}
      related={(record) => (
        <>
          {/* The design documents (issue 25), then the clock and the EIET company's inspections once submitted. */}
          <DocumentsLink registrationId={record.id} locale={lang} />
          {record.submitted_at ? (
            <>
              <RegistrationClock id={record.id} mode="party" />
              <SignboardDownload record={record} />
              <PresentationsPanel registrationId={record.id} mode="owner" locale={lang} />
              {record.status === STATUS.approved ? (
                <>
                  {/* After approval the owner reports the construction stages; each stage shows its inspections (issue 30). */}
                  <ConstructionStages
                    registrationId={record.id}
                    stages={record.stage_notices ?? []}
                    inspections={record.inspections ?? []}
                    renderInspection={(i) => <InspectionItem key={i.id} inspection={i} />}
                  />
                  {/* Design changes during construction (issue 30). */}
                  <ChangeReportsPanel registrationId={record.id} mode="owner" locale={lang} />
                </>
              ) : (
                <RegistrationInspections inspections={record.inspections ?? []} />
              )}
            </>
          ) : null}
        </>
      )}
    />
  );
}
