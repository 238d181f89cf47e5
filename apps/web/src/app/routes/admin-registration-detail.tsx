import { useParams } from 'react-router';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminRegistrationDetail } from '../../features/admin/components/admin-registration-detail';
import { downloadRegistrationPdf } from '../../features/form-one/api/registrations';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';

/** Features do not import each other: the admin screen gets Form One's read-only answers and PDF here. */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  return (
    <>
      <AdminNav />
      <AdminRegistrationDetail
        id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null}
        renderAnswers={(data) => <AnswersByStep values={data} lang={lang} headingLevel={3} />}
        downloadPdf={(r) => downloadRegistrationPdf(r.id, `${r.reference_number ?? 'form-one'}.pdf`, lang)}
      />
    </>
  );
}
