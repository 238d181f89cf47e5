import { useParams } from 'react-router';
import { ReviewDocuments } from '../../features/documents/components/review-documents';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { ReviewScreen } from '../../features/reviews/components/review-screen';

/**
 * Features do not import each other: the review screen gets Form One's read-only answers
 * and the design documents with their pinned comments here.
 */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  return (
    <ReviewScreen
      id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null}
      renderAnswers={(record, fieldExtra) => (
        <AnswersByStep
          values={record.data}
          lang={lang}
          headingLevel={3}
          comments={record.comments}
          changes={record.changes}
          fieldExtra={fieldExtra}
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
  );
}
