import { lazy } from 'react';
import { useParams } from 'react-router';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { SignboardDownload } from '../../features/concerns/components/signboard-download';
import { DocumentsLink } from '../../features/documents/components/documents-link';
import { RegistrationDetail } from '../../features/form-one/components/registration-detail';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { recordId } from '../../lib/record-id';

// The panels of later states (a submitted registration's clock, presentations and
// inspections; an approved one's construction stages and design changes) are chunks of their
// own, fetched when the registration shown is in that state (issue 31: the page's own script
// ≤ 60 KiB gzipped; decision 118). RegistrationDetail holds their place, with the answers
// below them, until they have arrived.
const inspectionList = () => import('../../features/company/components/inspection-list');
const RegistrationClock = lazy(() =>
  import('../../features/clocks/components/registration-clock').then((m) => ({ default: m.RegistrationClock })),
);
const RegistrationInspections = lazy(() => inspectionList().then((m) => ({ default: m.RegistrationInspections })));
const InspectionItem = lazy(() => inspectionList().then((m) => ({ default: m.InspectionItem })));
const PresentationsPanel = lazy(() =>
  import('../../features/presentations/components/presentations-panel').then((m) => ({
    default: m.PresentationsPanel,
  })),
);
const ConstructionStages = lazy(() =>
  import('../../features/stages/components/construction-stages').then((m) => ({ default: m.ConstructionStages })),
);
const ChangeReportsPanel = lazy(() =>
  import('../../features/change-reports/components/change-reports-panel').then((m) => ({
    default: m.ChangeReportsPanel,
  })),
);

export function Component() {
  const { id } = useParams();
  const lang = useLang();
  return (
    <RegistrationDetail
      id={recordId(id)}
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
