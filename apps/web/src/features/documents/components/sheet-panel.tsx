import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES, REVIEW_COMMENT_MAX } from '@hpbc/shared/counterpart-review-terms';
import { libraryDocument, pdfViewerUrl } from '@hpbc/shared/library-catalogue';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/load-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { documentSource, type ClauseRef, type DesignDocument, type PinnedComment } from '../api/documents';
import { LazyDrawingViewer } from '../viewer/lazy';
import type { ViewerPin } from '../viewer/drawing-viewer';

/** Whether a comment is resolved (open until the counterpart resolves it). */
export const isResolved = (c: PinnedComment) => c.status === 'resolved';

/** A clause as "Part 3 … , page 45". */
export function ClauseLink({ clause, onOpen }: { clause: ClauseRef; onOpen: (c: ClauseRef) => void }) {
  const { t, i18n } = useTranslation('documents');
  const volume = libraryDocument(clause.library_id);
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return (
    <button
      type="button"
      onClick={() => onOpen(clause)}
      className="text-left text-sm font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      {t('pins.clause', {
        volume: volume?.title.split(':')[0] ?? clause.library_id,
        page: formatNumber(clause.page, locale),
      })}
    </button>
  );
}

/** A page of a building-code volume beside the drawing (the browser's viewer, as the library shows it). */
export function ClauseFrame({ clause, onClose }: { clause: ClauseRef; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const volume = libraryDocument(clause.library_id);
  if (!volume) return null;
  return (
    <aside aria-label={t('pins.clauseOpen')} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900" lang="en">
          {volume.title}
        </p>
        <Button size="sm" variant="secondary" onClick={onClose}>
          {t('pins.clauseClose')}
        </Button>
      </div>
      <iframe
        title={volume.title}
        src={pdfViewerUrl(volume.filePath, clause.page)}
        className="h-[60vh] w-full rounded border border-slate-300"
        data-testid="clause-frame"
      />
      <a
        href={pdfViewerUrl(volume.filePath, clause.page)}
        target="_blank"
        rel="noreferrer"
        className="text-sm font-semibold text-blue-800 underline"
      >
        {t('pins.clauseNewTab')}
      </a>
    </aside>
  );
}

interface Props {
  doc: DesignDocument;
  documents: DesignDocument[];
  comments: PinnedComment[];
  locale: Locale;
  /** The counterpart's pin being placed and its form (review screen only). */
  pending?: { page: number; x: number; y: number } | null;
  onPlace?: (place: { page: number; x: number; y: number }) => void;
  pinForm?: ReactNode;
  /** The counterpart resolves a comment of their discipline (review screen). */
  onResolve?: (comment: PinnedComment) => Promise<void>;
  canResolve?: (comment: PinnedComment) => boolean;
  /** The submitter answers a comment (while the registration is returned for changes). */
  onAnswer?: (comment: PinnedComment, text: string) => Promise<void>;
  onClose: () => void;
}

/** The submitter's answer to one comment. */
function AnswerForm({ comment, onAnswer }: { comment: PinnedComment; onAnswer: NonNullable<Props['onAnswer']> }) {
  const { t } = useTranslation('documents');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('pins.answerRequired'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await onAnswer(comment, text.trim());
      setText('');
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? (err.errors?.text?.[0] ?? err.message) : t('list.failed'));
    } finally {
      setSaving(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 space-y-2">
      <TextAreaField
        label={t('pins.answerLabel')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        maxLength={REVIEW_COMMENT_MAX}
        rows={2}
        error={error}
        required
      />
      <Button type="submit" size="sm" loading={saving} busyText={t('pins.answering')}>
        {t('pins.answerButton')}
      </Button>
    </form>
  );
}

function ResolveButton({ comment, onResolve }: { comment: PinnedComment; onResolve: NonNullable<Props['onResolve']> }) {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        busyText={t('pins.resolving')}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          onResolve(comment)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {t('pins.resolve')}
      </Button>
      {failed && (
        <span role="alert" className="text-sm font-semibold text-red-800">
          {t('list.failed')}
        </span>
      )}
    </>
  );
}

/**
 * One sheet open: the drawing with its pins, the comments pinned on it (numbered as the
 * pins are), and the cited clause beside it when one is opened.
 */
export function SheetPanel({
  doc,
  documents,
  comments,
  locale,
  pending,
  onPlace,
  pinForm,
  onResolve,
  canResolve,
  onAnswer,
  onClose,
}: Props) {
  const { t } = useTranslation('documents');
  const [page, setPage] = useState(1);
  const [clause, setClause] = useState<ClauseRef | null>(null);
  const [selected, setSelected] = useState<number | string | null>(null);
  const pinned = comments
    .filter((c) => c.document_id === doc.id && c.page && c.x != null && c.y != null)
    .sort((a, b) => a.id - b.id);
  const newer = documents.find((d) => d.replaces_id === doc.id);
  const pins: ViewerPin[] = pinned.map((c, i) => ({
    id: c.id,
    page: c.page!,
    x: c.x!,
    y: c.y!,
    label: formatNumber(i + 1, locale),
    resolved: isResolved(c),
  }));
  if (pending) pins.push({ id: 'pending', ...pending, label: '+', pending: true });
  const name = `${doc.number} ${t('list.revision', { revision: doc.revision })}`;

  return (
    <section
      aria-labelledby={`sheet-${doc.id}`}
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50/40 p-3 sm:p-4"
      data-testid="sheet-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`sheet-${doc.id}`} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          <span className="font-mono">{doc.number}</span> · {doc.title}{' '}
          <span className="font-normal text-slate-700">({t('list.revision', { revision: doc.revision })})</span>
        </h3>
        <Button size="sm" variant="secondary" onClick={onClose}>
          {t('viewer.close')}
        </Button>
      </div>
      <div className={clause ? 'grid gap-3 xl:grid-cols-2' : ''}>
        <Suspense fallback={<LoadingBlock label={t('viewer.loading')} />}>
          <LazyDrawingViewer
            source={documentSource(doc.id)}
            name={name}
            locale={locale}
            page={page}
            onPageChange={setPage}
            pins={pins}
            onPlace={onPlace}
            onPinSelect={(id) => {
              setSelected(id);
              document.getElementById(`pin-comment-${id}`)?.focus();
            }}
          />
        </Suspense>
        {clause && <ClauseFrame clause={clause} onClose={() => setClause(null)} />}
      </div>
      {pinForm}
      <div className="space-y-2">
        <h4 className="font-semibold text-slate-900">
          {t('pins.title', { count: pinned.length, n: formatNumber(pinned.length, locale) })}
        </h4>
        {pinned.length === 0 ? (
          <p className="text-slate-700">{t('pins.none')}</p>
        ) : (
          <ol className="space-y-2">
            {pinned.map((c, i) => (
              <li
                key={c.id}
                id={`pin-comment-${c.id}`}
                tabIndex={-1}
                data-testid="pin-comment"
                className={`rounded border-l-4 bg-white px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-amber-400 ${isResolved(c) ? 'border-slate-400' : 'border-red-700'} ${selected === c.id ? 'ring-2 ring-blue-600' : ''}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className="inline-flex size-6 items-center justify-center rounded-full bg-slate-800 text-xs font-bold text-white"
                    aria-hidden="true"
                  >
                    {formatNumber(i + 1, locale)}
                  </span>
                  <Button size="sm" variant="link" onClick={() => setPage(c.page!)}>
                    {t('pins.onPage', { n: formatNumber(c.page!, locale) })}
                  </Button>
                  <StatusBadge color={isResolved(c) ? 'gray' : 'orange'}>
                    {isResolved(c) ? t('pins.resolved') : t('pins.open')}
                  </StatusBadge>
                </div>
                <p className="mt-1 break-words whitespace-pre-line text-slate-900">{c.text}</p>
                {c.clause && <ClauseLink clause={c.clause} onOpen={setClause} />}
                <p className="text-xs text-slate-700">
                  {c.author.name} · {DISCIPLINE_TITLES[c.discipline][locale]} ·{' '}
                  {t('list.round', { n: formatNumber(c.round, locale) })} ·{' '}
                  <time dateTime={c.created_at}>{formatDateTime(c.created_at, locale)}</time>
                </p>
                {c.answer && (
                  <p className="mt-1 border-l-2 border-green-700 pl-2 break-words whitespace-pre-line text-slate-900">
                    <span className="font-semibold">{t('pins.answer')}</span> {c.answer}
                  </p>
                )}
                {onAnswer && !c.answer && !isResolved(c) && <AnswerForm comment={c} onAnswer={onAnswer} />}
                {onResolve && !isResolved(c) && (canResolve?.(c) ?? true) && (
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <ResolveButton comment={c} onResolve={onResolve} />
                  </div>
                )}
                {newer && (
                  <p className="text-sm text-green-900">
                    {t('pins.answeredBy', { revision: newer.revision, n: formatNumber(newer.round, locale) })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
