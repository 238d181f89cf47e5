import { useParams } from 'react-router';
import { ChangeReportsPanel } from '../../features/change-reports/components/change-reports-panel';
import { PresentationsPanel } from '../../features/presentations/components/presentations-panel';
import { RegistrationClock } from '../../features/clocks/components/registration-clock';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminRegistrationDetail } from '../../features/admin/components/admin-registration-detail';
import { downloadRegistrationPdf } from '../../features/form-one/api/registrations';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';

/** Features do not import each other: the admin screen gets Form One's read-only answers and PDF here. */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  const validId = id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
  return (
    <>
      <AdminNav />
      {validId !== null && (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <RegistrationClock id={validId} mode="admin" />
        </div>
      )}
      <AdminRegistrationDetail
        id={validId}
        renderAnswers={(data) => <AnswersByStep values={data} lang={lang} headingLevel={3} />}
        downloadPdf={(r) => downloadRegistrationPdf(r.id, `${r.reference_number ?? 'form-one'}.pdf`, lang)}
      />
      {validId !== null && (
        <div className="mx-auto max-w-7xl space-y-6 px-4 pb-8 sm:px-6 lg:px-8">
          <PresentationsPanel registrationId={validId} mode="committee" locale={lang} />
          <ChangeReportsPanel registrationId={validId} mode="committee" locale={lang} />
        </div>
      )}
    </>
  );
}
