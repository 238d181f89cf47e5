import { useParams } from 'react-router';
import { ReviewDocuments } from '../../features/documents/components/review-documents';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { RegistrationClock } from '../../features/clocks/components/registration-clock';
import { ReviewScreen } from '../../features/reviews/components/review-screen';
import { ChangeReportsPanel } from '../../features/change-reports/components/change-reports-panel';
import { PresentationsPanel } from '../../features/presentations/components/presentations-panel';

/**
 * Features do not import each other: the review screen gets Form One's read-only answers
 * and the design documents with their pinned comments here.
 */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  const validId = id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
  return (
    <>
      {validId !== null && (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <RegistrationClock id={validId} mode="party" />
        </div>
      )}
      <ReviewScreen
        id={validId}
        renderAnswers={(record, fieldExtra) => (
          <AnswersByStep
            values={record.data}
            lang={lang}
            headingLevel={3}
            comments={record.comments}
            changes={record.changes}
            fieldExtra={fieldExtra}
            collapsible
          />
        )}
        renderDocuments={(record, discipline, refresh) => (
          <ReviewDocuments
            reviewId={record.id}
            registrationId={record.id}
            round={record.round}
            changes={record.changes}
            comments={record.comments}
            discipline={discipline}
            locale={lang}
            onCommentAdded={refresh}
          />
        )}
      />
      {validId !== null && (
        <div className="mx-auto max-w-7xl space-y-6 px-4 pb-8 sm:px-6 lg:px-8">
          <PresentationsPanel registrationId={validId} mode="counterpart" locale={lang} />
          <ChangeReportsPanel registrationId={validId} mode="counterpart" locale={lang} />
        </div>
      )}
    </>
  );
}
