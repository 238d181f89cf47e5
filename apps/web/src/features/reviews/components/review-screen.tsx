import { useDeferredValue, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { cx } from '../../../lib/cx';
import { WhenNear } from '../../../components/ui/when-near';
import type { Locale } from '@hpbc/shared';
import {
  DISCIPLINE_TITLES,
  disciplineList,
  REVIEW_COMMENT_MAX,
  type Discipline,
  type ReviewedRegistration,
} from '@hpbc/shared/counterpart-review-terms';
import { FORM_ONE_FIELDS, formOneField, type FormOneField } from '@hpbc/shared/form-one-fields';
import { COUNTERPART_REVIEWABLE, registrationStatusLabel } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CountersignatureList, countersignatureLabels } from '../../../components/ui/countersignature-list';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { RegistrationHistory, RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-field';
import { FACT_VALUE, Fact, Facts } from '../../../components/ui/facts';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  addComment,
  countersign,
  requestChanges,
  reviewKeys,
  reviewQuery,
  withdrawCountersignature,
} from '../api/reviews';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { useLegalAct } from '../../../components/two-factor/step-up-dialog';

const linkClasses = 'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';

interface Props {
  id: number | null;
  /** Form One's read-only answers with the comments and changes beside each field (composed by the route). */
  renderAnswers: (record: ReviewedRegistration, fieldExtra: (field: FormOneField) => ReactNode) => ReactNode;
  /**
   * The design documents with their pinned comments (issue 25), composed by the route:
   * `discipline` is the one the counterpart acts for (null when the status allows no review),
   * `refresh` reloads the review after a comment is pinned.
   */
  renderDocuments?: (record: ReviewedRegistration, discipline: Discipline | null, refresh: () => void) => ReactNode;
  /**
   * What the route adds below the whole review (the presentations and design changes), drawn in
   * the same render as the review it follows. Drawn as soon as the answer came, it stood in the
   * first screen while the review itself was still being drawn (a deferred value, below), and
   * was pushed a whole page down when it was: a layout shift of 0.35 (issue 31: CLS ≤ 0.05).
   * `at`: when the review's answer arrived, so a panel can start from it rather than ask again.
   */
  renderAfter?: (record: ReviewedRegistration, at: number) => ReactNode;
}

/** A comment form: on one field, or (field null) on the whole registration. */
function CommentForm({
  id,
  discipline,
  field,
  locale,
  onDone,
  onCancel,
}: {
  id: number;
  discipline: Discipline;
  field: string | null;
  locale: Locale;
  onDone: (record?: ReviewedRegistration) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('reviews');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const label = field
    ? t('review.commentField', { field: formOneField(field)?.messageLabel[locale] ?? field })
    : t('review.commentWhole');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      await addComment(id, { discipline, field, text });
      setText('');
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.text?.[0] ?? err.message) : t('review.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-2 space-y-2" noValidate>
      <TextAreaField
        label={label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        maxLength={REVIEW_COMMENT_MAX}
        rows={3}
        error={error}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={saving} busyText={t('review.adding')}>
          {t('review.addComment')}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
            {t('review.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** /user/national/reviews/{id}: the registration read-only, the comments, what changed, and the counterpart's actions. */
export function ReviewScreen({ id, renderAnswers, renderDocuments, renderAfter }: Props) {
  // Countersigning is a legal act: a fresh second-factor proof (docs/decisions/075).
  const legal = useLegalAct();
  // Both namespaces at once: the confirmations' words must not suspend the screen a second time.
  const { t, i18n } = useTranslation(['reviews', 'workflow']);
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const query = useQuery({ ...reviewQuery(id ?? 0), enabled: id !== null });
  // Deferred: the review arrives as a query update, which React would draw in one long task
  // (hundreds of milliseconds on a mid-range phone); a deferred value is drawn in slices in
  // the background instead (issue 31, docs/decisions/120-first-render-in-slices.md).
  const record = useDeferredValue(query.data);
  useDocumentTitle(t('review.pageTitle', { reference: record?.reference_number ?? '' }));
  const ids = { discipline: useId(), requestField: useId() };
  const mine = record?.my_disciplines ?? [];
  const [chosen, setChosen] = useState<Discipline | ''>('');
  const discipline: Discipline | undefined = chosen || mine[0];
  const [openField, setOpenField] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [requestField, setRequestField] = useState('');
  const [requestText, setRequestText] = useState('');
  const [requestError, setRequestError] = useState<string>();
  const [requesting, setRequesting] = useState(false);
  const [signing, setSigning] = useState<Discipline | null>(null);
  // Final acts are confirmed first (issue 28, item 7): which act waits for its "yes".
  const [confirming, setConfirming] = useState<{ act: 'sign' | 'withdraw'; discipline: Discipline } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const { t: tw } = useTranslation('workflow');

  const back = (
    <Link to="/user/national/dashboard" className={`inline-flex items-center gap-1 ${linkClasses}`}>
      <span aria-hidden="true">←</span> {t('review.back')}
    </Link>
  );
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
        {legal.dialog}
        {back}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('review.notFound')}</h1>
      </div>
    );
  }

  async function refresh(message?: string) {
    setFailure(null);
    setNotice(message ?? null);
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  }

  async function submitRequest(e: FormEvent) {
    e.preventDefault();
    if (!record || !discipline) return;
    setRequesting(true);
    setRequestError(undefined);
    setFailure(null);
    try {
      const updated = await requestChanges(record.id, {
        discipline,
        comments: [{ field: requestField || null, text: requestText }],
      });
      queryClient.setQueryData(reviewKeys.detail(record.id), { ...record, ...updated });
      setRequestText('');
      setRequestField('');
      await refresh(t('review.requested'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setRequestError(err.errors?.['comments.0.text']?.[0] ?? err.errors?.comments?.[0] ?? err.message);
      } else {
        setFailure(err instanceof ApiError ? err.message : t('review.failed'));
      }
    } finally {
      setRequesting(false);
    }
  }

  async function confirmed() {
    if (!record || !confirming) return;
    const { act, discipline: d } = confirming;
    const title = DISCIPLINE_TITLES[d][locale];
    setSigning(d);
    setFailure(null);
    setConfirmError(null);
    try {
      if (act === 'sign') {
        const signing = {
          kind: 'countersign' as const,
          registration_id: record.id,
          discipline: d,
          content_sha256: record.content_sha256 ?? '',
        };
        await legal.run(signing, () => countersign(record.id, d, record.content_sha256 ?? ''));
        setConfirming(null);
        await refresh(t('review.countersigned', { discipline: title }));
      } else {
        await withdrawCountersignature(record.id, d);
        setConfirming(null);
        await refresh(tw('confirm.withdrawn', { discipline: title }));
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.body?.reason === 'stale') {
        // The registration changed since this screen loaded it: show the new version, and say so.
        await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
        setConfirming(null);
        setFailure(t('review.stale'));
        return;
      }
      // A conflict of interest or a status that no longer allows it: the server says why.
      setConfirmError(err instanceof ApiError ? err.message : t('review.failed'));
    } finally {
      setSigning(null);
    }
  }

  const reviewable = record ? (COUNTERPART_REVIEWABLE as readonly string[]).includes(record.status) : false;
  const fieldExtra = (field: FormOneField): ReactNode => {
    if (!record || !reviewable || !discipline) return null;
    if (openField === field.name) {
      return (
        <CommentForm
          id={record.id}
          discipline={discipline}
          field={field.name}
          locale={locale}
          onDone={() => {
            setOpenField(null);
            void refresh(t('review.commentAdded'));
          }}
          onCancel={() => setOpenField(null)}
        />
      );
    }
    return (
      // Named with its field by aria-label, not a hidden span: one element less in each of the
      // answers' rows (decision 122). The name begins with the visible word (WCAG 2.5.3).
      <button
        type="button"
        onClick={() => setOpenField(field.name)}
        aria-label={`${t('review.commentTitle')} — ${field.messageLabel[locale]}`}
        className="mt-1 block text-sm font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        {t('review.commentTitle')}
      </button>
    );
  };

  const wholeComments = record?.comments.filter((c) => c.field === null && c.document_id === null) ?? [];
  // The sheets that changed are listed with the design documents (renderDocuments).
  const fieldChanges = record?.changes.filter((c) => !c.document) ?? [];
  const fieldOptions = [
    { value: '', label: t('review.wholeRegistration') },
    ...FORM_ONE_FIELDS.map((f) => ({ value: f.name, label: f.messageLabel[locale] })),
  ];

  return (
    <>
      {/* The first screen on a phone: drawn with the review's answer, in the same commit. */}
      <div className={cx('mx-auto w-full max-w-5xl space-y-6 px-4 sm:px-6', record ? 'pt-8' : 'py-8')}>
        {back}
        {!record && !query.isError && <LoadingBlock label={t('review.loading')} />}
        {query.isError && !notFound && (
          <LoadFailed
            message={t('review.loadFailed')}
            retryLabel={t('review.retry')}
            onRetry={() => void query.refetch()}
          />
        )}
        {record && (
          <>
            <PageHeader
              eyebrow={record.reference_number ?? undefined}
              title={record.project_name || t('review.answers')}
            />
            <Facts columns="sm:grid-cols-4">
              <Fact label={t('review.status')} valueClassName={FACT_VALUE.control} testId="review-status">
                <RegistrationStatusBadge status={record.status} />
              </Fact>
              <Fact label={t('review.round')} valueClassName="text-lg font-bold text-slate-900">
                {formatNumber(record.round, locale)}
              </Fact>
              <Fact label={t('review.submittedAt')}>{formatDateTime(record.submitted_at, locale)}</Fact>
              <Fact label={t('review.myDisciplines')}>{disciplineList(mine, locale)}</Fact>
            </Facts>

            <div aria-live="polite">
              {notice && (
                <Alert variant="success" dismissLabel={t('review.cancel')} onDismiss={() => setNotice(null)}>
                  {notice}
                </Alert>
              )}
            </div>
            {failure && (
              <div role="alert">
                <Alert variant="error">{failure}</Alert>
              </div>
            )}
            {record.conflict_of_interest && (
              <Alert variant="warning" title={t('review.conflictTitle')}>
                {t('review.conflict')}
              </Alert>
            )}

            <Panel
              headingId="review-changes"
              title={t('review.changesTitle')}
              className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5"
            >
              {record.round <= 1 ? (
                <p className="text-slate-800">{t('review.firstRound')}</p>
              ) : fieldChanges.length === 0 ? (
                <p className="text-slate-800">{t('review.noChanges')}</p>
              ) : (
                <ul className="list-disc space-y-1 pl-5 text-slate-900" data-testid="review-changes">
                  {fieldChanges.map((c) => (
                    <li key={c.field}>
                      <span className="font-semibold">{formOneField(c.field)?.messageLabel[locale] ?? c.field}</span>:{' '}
                      <del>{c.before === null ? '—' : String(c.before)}</del> <span aria-hidden="true">→</span>{' '}
                      <ins className="font-semibold no-underline">{c.after === null ? '—' : String(c.after)}</ins>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </>
        )}
      </div>
      {record && (
        // Everything below "What changed" (issue 31; decision 133): drawn in a task of its own
        // once the first screen has painted (it is within a screen of it, so it is drawn as
        // soon as the browser has laid that screen out), not in the review's first commit. On a
        // phone it is all below the first screen; the held height keeps the footer there too.
        <WhenNear minHeight="100vh">
          <div className="mx-auto w-full max-w-5xl space-y-6 px-4 pt-6 pb-8 sm:px-6">
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <Panel headingId="review-countersignatures" title={t('review.countersignatures')} space={2}>
                <CountersignatureList
                  items={record.countersignatures}
                  locale={locale}
                  labels={countersignatureLabels(t, 'review')}
                />
                <p className="text-sm text-slate-700">
                  {t('review.hash')}: <span className="font-mono break-all">{record.content_sha256}</span>
                </p>
              </Panel>
              <Panel headingId="review-history" title={t('review.history')} space={2}>
                <RegistrationHistory history={record.history} locale={locale} className="space-y-2" />
              </Panel>
            </div>

            {/* The actions sit beside what they act on (wide screens: a column that stays in
              view) or after it (phones), never before the form they judge (issue 28, item 9). */}
            {reviewable && (
              <a
                href="#review-actions"
                className="inline-block font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 lg:hidden"
              >
                {t('review.skipToActions')}
              </a>
            )}
            <div className="space-y-6 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-6 lg:space-y-0">
              <div className="min-w-0 space-y-6">
                <Panel headingId="review-whole" title={t('review.wholeComments')} className="space-y-2">
                  {wholeComments.length === 0 ? (
                    <p className="text-slate-700">{t('review.noWholeComments')}</p>
                  ) : (
                    <ul className="space-y-2">
                      {wholeComments.map((c) => (
                        <li
                          key={c.id}
                          className="rounded border-l-4 border-blue-600 bg-blue-50 px-3 py-2"
                          data-comment="registration"
                        >
                          <p className="break-words whitespace-pre-line text-slate-900">{c.text}</p>
                          <p className="text-xs text-slate-700">
                            {c.author.name} · {DISCIPLINE_TITLES[c.discipline][locale]} ·{' '}
                            <time dateTime={c.created_at}>{formatDateTime(c.created_at, locale)}</time>
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </Panel>

                {renderDocuments?.(
                  record,
                  reviewable ? (discipline ?? null) : null,
                  () => void refresh(t('review.commentAdded')),
                )}

                <Panel
                  headingId="review-answers"
                  title={t('review.answers')}
                  className="space-y-3"
                  headingClassName="text-xl font-bold text-slate-900"
                >
                  {renderAnswers(record, fieldExtra)}
                </Panel>
              </div>
              <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
                {reviewable ? (
                  <Panel headingId="review-actions" title={t('review.actions')} space={5}>
                    {mine.length > 1 && (
                      <SelectField
                        id={ids.discipline}
                        label={t('review.discipline')}
                        value={discipline}
                        onChange={(e) => setChosen(e.target.value as Discipline)}
                        options={mine.map((d) => ({ value: d, label: DISCIPLINE_TITLES[d][locale] }))}
                      />
                    )}
                    {discipline && (
                      <div className="space-y-2">
                        <h3 className="font-semibold text-slate-900">{t('review.commentTitle')}</h3>
                        <CommentForm
                          id={record.id}
                          discipline={discipline}
                          field={null}
                          locale={locale}
                          onDone={() => void refresh(t('review.commentAdded'))}
                        />
                      </div>
                    )}
                    {discipline && (
                      <form
                        onSubmit={(e) => void submitRequest(e)}
                        className="space-y-2 border-t border-slate-200 pt-4"
                        noValidate
                      >
                        <h3 className="font-semibold text-slate-900">{t('review.requestTitle')}</h3>
                        <p className="text-sm text-slate-700">{t('review.requestIntro')}</p>
                        <SelectField
                          id={ids.requestField}
                          label={t('review.requestField')}
                          value={requestField}
                          onChange={(e) => setRequestField(e.target.value)}
                          options={fieldOptions}
                        />
                        <TextAreaField
                          label={t('review.requestText')}
                          value={requestText}
                          onChange={(e) => {
                            setRequestText(e.target.value);
                            setRequestError(undefined);
                          }}
                          maxLength={REVIEW_COMMENT_MAX}
                          rows={3}
                          error={requestError}
                          required
                        />
                        <Button
                          type="submit"
                          variant="secondary"
                          loading={requesting}
                          busyText={t('review.requesting')}
                        >
                          {t('review.requestButton')}
                        </Button>
                      </form>
                    )}
                    <div className="space-y-2 border-t border-slate-200 pt-4">
                      <h3 className="font-semibold text-slate-900">{t('review.countersignTitle')}</h3>
                      <p className="text-sm text-slate-700">{t('review.countersignIntro')}</p>
                      <ul className="space-y-2">
                        {mine.map((d) => {
                          const given = record.countersignatures.find((s) => s.discipline === d);
                          return (
                            <li key={d} className="flex flex-wrap items-center gap-3">
                              {given?.current ? (
                                <>
                                  <p className="font-semibold text-green-900">
                                    {DISCIPLINE_TITLES[d][locale]}: {t('review.signedCurrent')}
                                  </p>
                                  <Button
                                    variant="secondary"
                                    size="sm"
                                    onClick={() => setConfirming({ act: 'withdraw', discipline: d })}
                                  >
                                    {tw('confirm.withdrawButton')}
                                  </Button>
                                </>
                              ) : (
                                <>
                                  <Button
                                    onClick={() => setConfirming({ act: 'sign', discipline: d })}
                                    loading={signing === d}
                                    busyText={t('review.countersigning')}
                                  >
                                    {t('review.countersign', { discipline: DISCIPLINE_TITLES[d][locale] })}
                                  </Button>
                                  {given && <p className="text-sm text-red-800">{t('review.signAgain')}</p>}
                                </>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                      {confirming && (
                        <ConfirmDialog
                          title={tw(confirming.act === 'sign' ? 'confirm.countersignTitle' : 'confirm.withdrawTitle', {
                            discipline: DISCIPLINE_TITLES[confirming.discipline][locale],
                          })}
                          confirmLabel={tw(
                            confirming.act === 'sign' ? 'confirm.countersignConfirm' : 'confirm.withdrawConfirm',
                          )}
                          labels={{
                            cancel: tw('confirm.cancel'),
                            close: tw('confirm.close'),
                            busy: tw('confirm.busy'),
                          }}
                          tone={confirming.act === 'sign' ? 'primary' : 'danger'}
                          busy={signing !== null}
                          error={confirmError}
                          onConfirm={() => void confirmed()}
                          onCancel={() => {
                            setConfirming(null);
                            setConfirmError(null);
                          }}
                        >
                          {confirming.act === 'sign' ? (
                            <div className="space-y-2">
                              <p>{tw('confirm.countersignWhat')}</p>
                              <p className="font-semibold">{tw('confirm.countersignUndo')}</p>
                            </div>
                          ) : (
                            <p>{tw('confirm.withdrawWhat')}</p>
                          )}
                        </ConfirmDialog>
                      )}
                      {/* The step-up dialog opens over the confirmation when the server asks for a proof. */}
                      {legal.dialog}
                    </div>
                  </Panel>
                ) : (
                  <Alert variant="info">
                    {t('review.notReviewable', { status: registrationStatusLabel(record.status, locale) })}
                  </Alert>
                )}
              </div>
            </div>
          </div>
          {renderAfter?.(record, query.dataUpdatedAt)}
        </WhenNear>
      )}
    </>
  );
}
