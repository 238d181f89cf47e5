import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { AnswersByStep } from '../../features/form-one/components/answers-by-step';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { LoadingBlock } from '../../components/ui/load-states';
import { WhenNear } from '../../components/ui/when-near';
import { useTranslation } from '../../lib/translation';
import { RegistrationClock } from '../../features/clocks/components/registration-clock';
import { ReviewScreen } from '../../features/reviews/components/review-screen';
import { recordId } from '../../lib/record-id';

// Below the first screen on a phone, these parts are chunks of their own (issue 31: the
// page's own script ≤ 60 KiB gzipped; decision 107), fetched when they are first drawn: after
// the review's first screen has painted (decision 130: fetched with the page, they shared the
// slow connection with what that screen needs).
const ReviewDocuments = lazy(() =>
  import('../../features/documents/components/review-documents').then((m) => ({ default: m.ReviewDocuments })),
);
const PresentationsPanel = lazy(() =>
  import('../../features/presentations/components/presentations-panel').then((m) => ({
    default: m.PresentationsPanel,
  })),
);
const ChangeReportsPanel = lazy(() =>
  import('../../features/change-reports/components/change-reports-panel').then((m) => ({
    default: m.ChangeReportsPanel,
  })),
);

/**
 * Features do not import each other: the review screen gets Form One's read-only answers
 * and the design documents with their pinned comments here.
 */
export function Component() {
  const { id } = useParams();
  const lang = useLang();
  const { t } = useTranslation('documents');
  const validId = recordId(id);
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
          // Drawn (its code and its list asked for) once on the screen or the page is idle, as the
          // answers below it are (decision 122): not with the review's first paint. "Near" is the
          // screen itself: a screen's margin took it in at once on a phone, and its requests then
          // raced the first paint (decision 130).
          <WhenNear minHeight="12rem" margin="0px">
            <Suspense fallback={<LoadingBlock label={t('list.loading')} />}>
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
            </Suspense>
          </WhenNear>
        )}
        renderAfter={(record, at) => (
          // Below the whole registration, drawn (and asking for their lists) only when they come
          // near the screen or the page is idle (decision 122); no height is held: they are often
          // empty, and nothing but the footer follows them. Both start from the review's answer
          // (`seed`) rather than asking for it twice more.
          <WhenNear minHeight={0} className="mx-auto max-w-7xl space-y-6 px-4 pb-8 sm:px-6 lg:px-8">
            <Suspense fallback={null}>
              <PresentationsPanel
                registrationId={record.id}
                mode="counterpart"
                locale={lang}
                seed={{ ...record, at }}
              />
              <ChangeReportsPanel
                registrationId={record.id}
                mode="counterpart"
                locale={lang}
                seed={{ ...record, at }}
              />
            </Suspense>
          </WhenNear>
        )}
      />
    </>
  );
}
