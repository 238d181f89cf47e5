import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES, namedCounterparts, type Discipline } from '@hpbc/shared/counterpart-review-terms';
import { STATUS, STATUS_INFO, isRegistrationStatus } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { serverMessageOr } from '../../../lib/auth/form-errors';
import { useDownload } from '../../../lib/use-download';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTranslation } from '../../../lib/translation';
import {
  documentKeys,
  documentsQuery,
  answerComment,
  downloadApprovedSet,
  type DesignDocument,
  type PinnedComment,
} from '../api/documents';
import { DocumentList } from './document-list';
import { SheetPanel } from './sheet-panel';
import { SheetUpload } from './sheet-upload';
import { ComparePanel, openCommentCounts, useOpenSheet } from './sheet-view';

export interface DocumentsRegistration {
  id: number;
  status: string;
  reference_number: string | null;
  project_name: string;
  data: Record<string, unknown>;
  comments?: PinnedComment[];
}

/** The disciplines naming a counterpart that have no current document (submitting needs one each). */
export function missingDisciplines(data: Record<string, unknown>, documents: DesignDocument[]): Discipline[] {
  return namedCounterparts(data)
    .map((c) => c.discipline)
    .filter((d) => !documents.some((doc) => doc.discipline === d && doc.status === 'current'));
}

/**
 * /user/projects/{id}/documents: the design beside Form One (issue 25). The owner adds and
 * withdraws sheets while the registration is a draft or returned for changes, sees the
 * counterparts' pins on each sheet, and downloads the approved copies once approved.
 */
export function DocumentsPage({
  registration,
  userId,
  locale,
  onCommentsChanged,
}: {
  registration: DocumentsRegistration;
  userId: number;
  locale: Locale;
  /** Reloads the registration (its comments) after an answer. */
  onCommentsChanged: () => void;
}) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const query = useQuery(documentsQuery(registration.id));
  const documents = query.data ?? [];
  const sheet = useOpenSheet();
  const set = useDownload();
  const failure = set.failed && serverMessageOr(set.failed.error, t('list.failed'));
  useDocumentTitle(t('page.docTitle', { reference: registration.reference_number ?? registration.project_name }));
  const editable =
    isRegistrationStatus(registration.status) && STATUS_INFO[registration.status].editableBy.includes('submitter');
  const approved = registration.status === STATUS.approved;
  const named = namedCounterparts(registration.data).map((c) => c.discipline);
  const missing = query.isSuccess ? missingDisciplines(registration.data, documents) : [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: documentKeys.list(registration.id) });
  const current = documents.filter((d) => d.status === 'current');

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to={`/user/projects/${registration.id}`}
        className="inline-flex items-center gap-1 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
      >
        <span aria-hidden="true">←</span> {t('page.back')}
      </Link>
      <PageHeader
        eyebrow={registration.reference_number ?? registration.project_name}
        title={t('page.title')}
        description={editable ? t('page.introEditable') : t('page.intro')}
      />
      {editable && missing.length > 0 && (
        <Alert variant="warning" title={t('page.missingTitle')}>
          {t('page.missing', { disciplines: missing.map((d) => DISCIPLINE_TITLES[d][locale]).join(', ') })}
        </Alert>
      )}
      {editable && query.isSuccess && missing.length === 0 && named.length > 0 && (
        <Alert
          variant="success"
          action={
            <Link
              to={`/form-one?draft=${registration.id}&step=review`}
              className="font-semibold underline underline-offset-4"
            >
              {t('page.toSubmit')}
            </Link>
          }
        >
          {t('page.complete')}
        </Alert>
      )}
      {approved && <Alert variant="info">{t('page.proposedNote')}</Alert>}
      {(editable || approved) && (
        <SheetUpload registrationId={registration.id} userId={userId} locale={locale} named={named} onSaved={refresh} />
      )}
      <section aria-labelledby="documents-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="documents-title" className="text-xl font-bold text-slate-900">
            {t('list.title')}
          </h2>
          {approved && current.length > 0 && (
            <Button
              onClick={() =>
                void set.start(() => downloadApprovedSet(registration.id, registration.reference_number ?? 'design'))
              }
              loading={set.busy}
              busyText={t('list.downloadingSet')}
            >
              {t('list.downloadSet')}
            </Button>
          )}
        </div>
        {failure && <Alert variant="error">{failure}</Alert>}
        <ListStates
          query={query}
          rows={documents.length}
          loading={t('list.loading')}
          failed={t('list.loadFailed')}
          retryLabel={t('viewer.retry')}
          empty={t('list.empty')}
        >
          <DocumentList
            documents={documents}
            locale={locale}
            editable={editable}
            approved={approved}
            openComments={openCommentCounts(registration.comments)}
            onView={sheet.view}
            onCompare={sheet.compare}
            onChanged={refresh}
          />
        </ListStates>
      </section>
      {sheet.open?.kind === 'view' && (
        <SheetPanel
          doc={sheet.open.doc}
          documents={documents}
          comments={registration.comments ?? []}
          locale={locale}
          onAnswer={
            registration.status === STATUS.returned
              ? async (c, text) => {
                  await answerComment(registration.id, c.id, text);
                  onCommentsChanged();
                }
              : undefined
          }
          onClose={sheet.close}
        />
      )}
      {sheet.open?.kind === 'compare' && (
        <ComparePanel older={sheet.open.older} newer={sheet.open.newer} locale={locale} onClose={sheet.close} />
      )}
    </div>
  );
}
