import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import {
  DISCIPLINE_TITLES,
  REVIEW_COMMENT_MAX,
  type Discipline,
  type FieldChange,
} from '@hpbc/shared/counterpart-review-terms';
import { LIBRARY_DOCUMENTS } from '@hpbc/shared/library-catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../../../components/ui/load-states';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { Panel } from '../../../components/ui/panel';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOr } from '../../../lib/auth/form-errors';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import {
  documentsQuery,
  pinComment,
  resolveComment,
  type ClauseRef,
  type DesignDocument,
  type PinnedComment,
} from '../api/documents';
import { DocumentList } from './document-list';
import { ComparePanel, openCommentCounts, useOpenSheet } from './sheet-view';
import { ClauseFrame, SheetPanel } from './sheet-panel';

export type SheetChange =
  | { change: 'new'; doc: DesignDocument }
  | { change: 'replaced'; doc: DesignDocument; older: DesignDocument | undefined }
  | { change: 'withdrawn'; doc: DesignDocument };

/**
 * The sheets new, replaced or withdrawn between the last two rounds, from the review
 * answer's `changes` (the entries with a `document`), matched to the listed revisions.
 */
export function sheetChanges(changes: FieldChange[], documents: DesignDocument[]): SheetChange[] {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const out: SheetChange[] = [];
  for (const { document: c } of changes) {
    if (!c) continue;
    const doc = byId.get(c.id ?? c.previous_id ?? 0);
    if (!doc) continue;
    if (c.change === 'replaced') out.push({ change: 'replaced', doc, older: byId.get(c.previous_id ?? 0) });
    else out.push({ change: c.change, doc });
  }
  return out;
}

function PinForm({
  reviewId,
  discipline,
  doc,
  pending,
  locale,
  onDone,
  onCancel,
}: {
  reviewId: number;
  discipline: Discipline;
  doc: DesignDocument;
  pending: { page: number; x: number; y: number } | null;
  locale: Locale;
  onDone: (c: PinnedComment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('documents');
  const ids = { volume: useId(), page: useId(), text: useId() };
  const [text, setText] = useState('');
  const [volume, setVolume] = useState('');
  const [clausePage, setClausePage] = useState('');
  const [errors, setErrors] = useState<{ text?: string; page?: string; place?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<ClauseRef | null>(null);
  const pageNumber = Number(clausePage.replace(/[၀-၉]/g, (d) => String(d.charCodeAt(0) - 0x1040)));
  const clause: ClauseRef | null =
    volume && Number.isInteger(pageNumber) && pageNumber >= 1 ? { library_id: Number(volume), page: pageNumber } : null;
  const percent = (v: number) => formatNumber(Math.round(v * 100), locale);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!pending) next.place = t('review.pinFirst');
    if (!text.trim()) next.text = t('review.pinTextRequired');
    if (volume && !clause) next.page = t('review.clausePageError');
    setErrors(next);
    if (Object.keys(next).length || !pending) return;
    setSaving(true);
    try {
      const comment = await pinComment(reviewId, {
        discipline,
        field: null,
        text: text.trim(),
        document_id: doc.id,
        ...pending,
        clause,
      });
      setText('');
      setVolume('');
      setClausePage('');
      onDone(comment);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        setErrors({
          text: err.errors.text?.[0],
          page: err.errors['clause.page']?.[0] ?? err.errors['clause.library_id']?.[0] ?? err.errors.clause?.[0],
          form:
            err.errors.document_id?.[0] ??
            err.errors.page?.[0] ??
            err.errors.x?.[0] ??
            err.errors.y?.[0] ??
            err.message,
        });
      } else {
        setErrors({ form: serverMessageOr(err, t('review.failed')) });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      aria-labelledby={`${ids.text}-title`}
    >
      <h4 id={`${ids.text}-title`} className="font-semibold text-slate-900">
        {t('review.pinTitle')}
      </h4>
      <p
        className={errors.place ? 'font-semibold text-red-800' : 'text-sm text-slate-700'}
        aria-live="polite"
        data-testid="pin-place"
      >
        {pending
          ? t('review.pinPlace', {
              page: formatNumber(pending.page, locale),
              x: percent(pending.x),
              y: percent(pending.y),
            })
          : (errors.place ?? t('review.pinFirst'))}
      </p>
      <TextAreaField
        id={ids.text}
        label={t('review.pinText')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setErrors((x) => ({ ...x, text: undefined }));
        }}
        maxLength={REVIEW_COMMENT_MAX}
        rows={3}
        error={errors.text}
        required
      />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SelectField
          id={ids.volume}
          label={t('review.clauseVolume')}
          value={volume}
          onChange={(e) => setVolume(e.target.value)}
          options={[
            { value: '', label: t('review.clauseNone') },
            ...LIBRARY_DOCUMENTS.map((d) => ({ value: String(d.id), label: d.title })),
          ]}
          lang="en"
        />
        <TextField
          id={ids.page}
          label={t('review.clausePage')}
          inputMode="numeric"
          value={clausePage}
          onChange={(e) => {
            setClausePage(e.target.value);
            setErrors((x) => ({ ...x, page: undefined }));
          }}
          error={errors.page}
          disabled={!volume}
        />
      </div>
      {clause && (
        <Button size="sm" variant="secondary" onClick={() => setPreview(clause)}>
          {t('review.clausePreview')}
        </Button>
      )}
      {preview && <ClauseFrame clause={preview} onClose={() => setPreview(null)} />}
      {errors.form && (
        <p role="alert" className="font-semibold text-red-800">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving} busyText={t('review.pinAdding')}>
          {t('review.pinAdd')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('review.pinCancel')}
        </Button>
      </div>
    </form>
  );
}

interface Props {
  reviewId: number;
  registrationId: number;
  round: number;
  /** The review answer's changes (Form One fields and sheets). */
  changes: FieldChange[];
  comments: PinnedComment[];
  /** The discipline the counterpart acts for now; null: read only. */
  discipline: Discipline | null;
  locale: Locale;
  onCommentAdded: () => void;
}

/**
 * The design documents on the counterpart's review screen (issue 25): which sheets changed
 * since the last round, the sheets, and a sheet open with its pins, where a comment can be
 * pinned to a point (citing a building-code clause); two revisions compared.
 */
export function ReviewDocuments({
  reviewId,
  registrationId,
  round,
  changes: allChanges,
  comments,
  discipline,
  locale,
  onCommentAdded,
}: Props) {
  const { t } = useTranslation('documents');
  const query = useQuery(documentsQuery(registrationId));
  const documents = query.data ?? [];
  const sheet = useOpenSheet();
  const [pending, setPending] = useState<{ page: number; x: number; y: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const changes = sheetChanges(allChanges, documents);
  const openDoc = sheet.open?.kind === 'view' ? sheet.open.doc : null;
  const canPin = !!discipline && openDoc?.status === 'current';

  return (
    <Panel headingId="review-documents" title={t('review.title')} intro={t('review.intro')} space={4}>
      <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="sheet-changes">
        <h3 className="font-semibold text-slate-900">
          {round > 1 ? t('review.changesTitle', { n: formatNumber(round - 1, locale) }) : t('review.changesFirst')}
        </h3>
        {round > 1 &&
          (changes.length === 0 ? (
            <p className="text-slate-800">{t('review.noChanges')}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-slate-900">
              {changes.map((c) => (
                <li key={c.doc.id} data-change={c.change}>
                  <span className="font-semibold">
                    {c.change === 'new'
                      ? t('review.new')
                      : c.change === 'replaced'
                        ? t('review.replaced', { older: c.older?.revision ?? '—', newer: c.doc.revision })
                        : t('review.withdrawn')}
                  </span>
                  : <span className="font-mono">{c.doc.number}</span> {c.doc.title} (
                  {DISCIPLINE_TITLES[c.doc.discipline][locale]})
                  {c.change === 'replaced' && c.older && (
                    <>
                      {' '}
                      <Button size="sm" variant="link" onClick={() => c.older && sheet.compare(c.older, c.doc)}>
                        {t('list.compare', { older: c.older?.revision, newer: c.doc.revision })}
                        <span className="sr-only"> — {c.doc.number}</span>
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </div>
      <div aria-live="polite">
        {notice && (
          <Alert variant="success" dismissLabel={t('viewer.close')} onDismiss={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </div>
      <ListStates
        query={query}
        rows={documents.length}
        loading={t('list.loading')}
        failed={t('review.loadFailed')}
        retryLabel={t('viewer.retry')}
        empty={t('list.empty')}
      >
        <DocumentList
          documents={documents}
          locale={locale}
          openComments={openCommentCounts(comments)}
          onView={(d) => {
            setPending(null);
            sheet.view(d);
          }}
          onCompare={sheet.compare}
        />
      </ListStates>
      {openDoc && (
        <SheetPanel
          key={openDoc.id}
          doc={openDoc}
          documents={documents}
          comments={comments}
          locale={locale}
          pending={pending}
          onPlace={canPin ? setPending : undefined}
          pinForm={
            canPin && discipline ? (
              <PinForm
                reviewId={reviewId}
                discipline={discipline}
                doc={openDoc}
                pending={pending}
                locale={locale}
                onDone={() => {
                  setPending(null);
                  setNotice(t('review.pinAdded', { number: openDoc.number }));
                  onCommentAdded();
                }}
                onCancel={() => setPending(null)}
              />
            ) : null
          }
          canResolve={(c) => c.discipline === discipline}
          onResolve={
            discipline
              ? async (c) => {
                  await resolveComment(reviewId, c.id);
                  onCommentAdded();
                }
              : undefined
          }
          onClose={sheet.close}
        />
      )}
      {sheet.open?.kind === 'compare' && (
        <ComparePanel older={sheet.open.older} newer={sheet.open.newer} locale={locale} onClose={sheet.close} />
      )}
    </Panel>
  );
}
