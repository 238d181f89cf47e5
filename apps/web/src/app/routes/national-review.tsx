import { useParams } from 'react-router';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { ReviewScreen } from '../../features/reviews/components/review-screen';

/** Features do not import each other: the review screen gets Form One's read-only answers here. */
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
    />
  );
}
