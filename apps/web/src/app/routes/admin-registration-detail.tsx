import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminRegistrationDetail } from '../../features/admin/components/admin-registration-detail';
import { downloadRegistrationPdf } from '../../features/form-one/api/registrations';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { Skeleton } from '../../components/ui/skeleton';
import { recordId } from '../../lib/record-id';

// The clock (drawn once its own answer has come), the answers and, below the registration, the
// presentations and the change reports are chunks of their own (issue 31: the page's own
// script ≤ 60 KiB gzipped; decisions 107 and 118), as on the review screen: fetched as soon as
// this page's code runs, while the registration loads.
const clock = import('../../features/clocks/components/registration-clock');
const answers = import('../../features/form-one/components/answers-by-step');
const presentations = import('../../features/presentations/components/presentations-panel');
const changeReports = import('../../features/change-reports/components/change-reports-panel');
const RegistrationClock = lazy(() => clock.then((m) => ({ default: m.RegistrationClock })));
const AnswersByStep = lazy(() => answers.then((m) => ({ default: m.AnswersByStep })));
const PresentationsPanel = lazy(() => presentations.then((m) => ({ default: m.PresentationsPanel })));
const ChangeReportsPanel = lazy(() => changeReports.then((m) => ({ default: m.ChangeReportsPanel })));

/** Features do not import each other: the admin screen gets Form One's read-only answers and PDF here. */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  const validId = recordId(id);
  return (
    <>
      <AdminNav />
      {validId !== null && (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          {/* The clock shows nothing until its answer has come; its code comes meanwhile. */}
          <Suspense fallback={null}>
            <RegistrationClock id={validId} mode="admin" />
          </Suspense>
        </div>
      )}
      <AdminRegistrationDetail
        id={validId}
        renderAnswers={(data) => (
          <Suspense fallback={<Skeleton lines={6} />}>
            <AnswersByStep values={data} lang={lang} headingLevel={3} />
          </Suspense>
        )}
        downloadPdf={(r) => downloadRegistrationPdf(r.id, `${r.reference_number ?? 'form-one'}.pdf`, lang)}
      />
      {validId !== null && (
        <div className="mx-auto max-w-7xl space-y-6 px-4 pb-8 sm:px-6 lg:px-8">
          <Suspense fallback={null}>
            <PresentationsPanel registrationId={validId} mode="committee" locale={lang} />
            <ChangeReportsPanel registrationId={validId} mode="committee" locale={lang} />
          </Suspense>
        </div>
      )}
    </>
  );
}
