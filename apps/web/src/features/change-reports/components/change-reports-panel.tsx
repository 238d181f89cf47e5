import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared';
import {
  CHANGE_REPORT_KINDS,
  waitingDisciplines,
  type ChangeReport,
  type ChangeReportKind,
} from '@hpbc/shared/change-report-terms';
import { DISCIPLINE_TITLES, type Discipline } from '@hpbc/shared/counterpart-review-terms';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardsPanel, PanelForm } from '../../../components/ui/cards-panel';
import { listLabels } from '../../../components/ui/load-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField } from '../../../components/ui/text-field';
import { StepUpCancelled, useLegalAct } from '../../../components/two-factor/step-up-dialog';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOr, summaryItems } from '../../../lib/auth/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { useSaveForm } from '../../../lib/use-save-form';
import { useTranslation } from '../../../lib/translation';
import {
  acknowledgeChangeReport,
  changeReportKeys,
  changeReportsQuery,
  type ChangeReportsSeed,
  commentChangeReport,
  countersignChangeReport,
  decideChangeReport,
  downloadCompletionCertificate,
  fileChangeReport,
  proposedQuery,
  type ChangeReportsMode,
} from '../api/change-reports';

const STATUS_COLOR = { open: 'blue', acknowledged: 'green', approved: 'green', rejected: 'red' } as const;
const KIND_COLOR = { minor: 'gray', major: 'orange' } as const;

/**
 * Design changes during construction (issue 30), on the owner's project page, the
 * counterpart's review and the committee's registration page: the owner files a report with
 * the revised sheets; counterparts acknowledge (minor) or comment and countersign (major);
 * the committee approves or rejects a major one.
 */
export function ChangeReportsPanel({
  registrationId,
  mode,
  locale,
  seed,
}: {
  registrationId: number;
  mode: ChangeReportsMode;
  locale: Locale;
  /** The page's own answer for the registration, if it has one (see ChangeReportsSeed). */
  seed?: ChangeReportsSeed;
}) {
  const { t } = useTranslation('change-reports');
  const query = useQuery(changeReportsQuery(mode, registrationId, seed));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: changeReportKeys.all });
  const reports = query.data?.reports ?? [];
  const approved = query.data?.status === STATUS.approved;
  // Before approval there is nothing to change: the panel shows only once there is.
  if (query.isSuccess && !approved && reports.length === 0) return null;

  return (
    <CardsPanel
      title={t('title')}
      intro={t(`intro.${mode}`)}
      query={query}
      items={reports}
      labels={listLabels(t)}
      card={(r) => (
        <ReportCard report={r} mode={mode} mine={query.data?.mine ?? []} locale={locale} onChanged={refresh} />
      )}
      data-testid="change-reports"
    >
      {mode === 'owner' && approved && <CompletionCertificate registrationId={registrationId} />}
      {mode === 'owner' && approved && (
        <FileChangeReport
          registrationId={registrationId}
          taken={reports.flatMap((r) => r.documents.map((d) => d.id))}
          locale={locale}
          onFiled={refresh}
        />
      )}
    </CardsPanel>
  );
}

/** The completion certificate: the server says why not yet (the completion inspection, an open report). */
function CompletionCertificate({ registrationId }: { registrationId: number }) {
  const { t } = useTranslation('change-reports');
  const certificate = useDownload();
  const failure = certificate.failed && serverMessageOr(certificate.failed.error, t('failed'));
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 sm:p-4">
      <h3 className="text-lg font-bold text-slate-900">{t('completion.title')}</h3>
      <p className="text-slate-700">{t('completion.intro')}</p>
      <div aria-live="polite">{failure && <Alert variant="warning">{failure}</Alert>}</div>
      <Button
        variant="secondary"
        onClick={() => void certificate.start(() => downloadCompletionCertificate(registrationId))}
        loading={certificate.busy}
        busyText={t('completion.busy')}
      >
        {t('completion.download')}
      </Button>
    </div>
  );
}

/** The owner's form: the kind, what changed and why, and the revised sheets uploaded since approval. */
function FileChangeReport({
  registrationId,
  taken,
  locale,
  onFiled,
}: {
  registrationId: number;
  /** Revisions a report names already. */
  taken: number[];
  locale: Locale;
  onFiled: () => void;
}) {
  const { t } = useTranslation('change-reports');
  const ids = { kind: useId(), description: useId(), documents: useId() };
  const proposed = useQuery(proposedQuery(registrationId));
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ChangeReportKind | ''>('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  // What was typed stays on a failure; the server's field errors go beside their fields.
  const form = useSaveForm(t('form.failed'));
  const { errors: fieldErrors, setErrors, setFailure, setDone, run } = form;
  // A revision already named by a report is not offered again.
  const free = (proposed.data ?? []).filter((d) => !taken.includes(d.id));
  const errors = {
    kind: fieldErrors.kind?.[0],
    description: fieldErrors.description?.[0],
    // The server names the list or one of its entries (document_ids.0).
    documents: Object.entries(fieldErrors).find(([k]) => k === 'documents' || k.startsWith('document_ids'))?.[1]?.[0],
  };

  async function submit() {
    setFailure(null);
    setDone(null);
    const next: Record<string, string[]> = {};
    if (!kind) next.kind = [t('form.kindRequired')];
    if (!description.trim()) next.description = [t('form.descriptionRequired')];
    if (chosen.length === 0) next.documents = [t('form.documentsRequired')];
    setErrors(next);
    if (Object.keys(next).length) return;
    await run(async () => {
      const report = await fileChangeReport(registrationId, {
        kind: kind as ChangeReportKind,
        description,
        document_ids: chosen,
      });
      setKind('');
      setDescription('');
      setChosen([]);
      setDone(t('form.filed', { id: report.id }));
      void queryClient.invalidateQueries({ queryKey: changeReportKeys.proposed(registrationId) });
      onFiled();
    });
  }

  const sheetsLink = (
    <Link
      to={`/user/projects/${registrationId}/documents`}
      className="font-semibold text-blue-800 underline underline-offset-4"
    >
      {t('form.uploadLink')}
    </Link>
  );

  return (
    <PanelForm
      labels={{
        title: t('form.title'),
        errors: t('form.errorsTitle'),
        submit: t('form.submit'),
        busy: t('form.filing'),
      }}
      form={form}
      errors={summaryItems([
        [`${ids.kind}-minor`, errors.kind],
        [ids.description, errors.description],
        [`${ids.documents}-0`, errors.documents],
      ])}
      roomy
      onSubmit={() => void submit()}
    >
      <fieldset className="space-y-2" aria-describedby={errors.kind ? `${ids.kind}-error` : undefined}>
        <legend className="font-semibold text-slate-900">{t('form.kind')}</legend>
        {errors.kind && (
          <p id={`${ids.kind}-error`} className="font-medium text-red-800">
            {errors.kind}
          </p>
        )}
        {CHANGE_REPORT_KINDS.map((k) => (
          <div key={k} className="flex items-start gap-3">
            <input
              id={`${ids.kind}-${k}`}
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              aria-describedby={`${ids.kind}-${k}-hint`}
              className="mt-1 size-5 shrink-0 accent-blue-800"
            />
            <div>
              <label htmlFor={`${ids.kind}-${k}`} className="font-medium text-slate-900">
                {t(`kind.${k}`)}
              </label>
              <p id={`${ids.kind}-${k}-hint`} className="text-sm text-slate-700">
                {t(`kindHint.${k}`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <TextAreaField
        id={ids.description}
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        rows={4}
        maxLength={5000}
      />
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">{t('form.documents')}</legend>
        {errors.documents && <p className="font-medium text-red-800">{errors.documents}</p>}
        {proposed.isPending && <p className="text-slate-700">{t('loading')}</p>}
        {proposed.isError && <p className="text-red-800">{t('loadFailed')}</p>}
        {proposed.isSuccess && free.length === 0 && (
          <p className="text-slate-700">
            {t('form.noRevisions')} {sheetsLink}
          </p>
        )}
        {free.map((d, i) => (
          <Checkbox
            key={d.id}
            id={`${ids.documents}-${i}`}
            checked={chosen.includes(d.id)}
            onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.id] : c.filter((x) => x !== d.id)))}
            label={t('sheet', { number: d.number, revision: d.revision, title: d.title })}
            hint={DISCIPLINE_TITLES[d.discipline][locale]}
          />
        ))}
        {free.length > 0 && <p className="text-sm text-slate-700">{sheetsLink}</p>}
      </fieldset>
    </PanelForm>
  );
}

type Pending =
  | { act: 'acknowledge' | 'countersign'; discipline: Discipline }
  | { act: 'approved' | 'rejected'; discipline?: undefined };

/** One report: what changed, who signed, the comments, and what the viewer may do now. */
function ReportCard({
  report,
  mode,
  mine,
  locale,
  onChanged,
}: {
  report: ChangeReport;
  mode: ChangeReportsMode;
  mine: Discipline[];
  locale: Locale;
  onChanged: () => void;
}) {
  const { t } = useTranslation('change-reports');
  const legal = useLegalAct();
  const ids = { title: useId(), comment: useId(), note: useId() };
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const open = report.status === 'open';
  const myTurn = mode === 'counterpart' && open ? mine.filter((d) => report.disciplines.includes(d)) : [];
  const discipline = (d: Discipline) => DISCIPLINE_TITLES[d][locale];
  const waiting = waitingDisciplines(report);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      if (pending.act === 'acknowledge') await acknowledgeChangeReport(report.id, pending.discipline);
      else if (pending.act === 'countersign') {
        const d = pending.discipline;
        // A legal act: a fresh second-factor proof for exactly this hash (docs/decisions/075).
        await legal.run(
          {
            kind: 'change_countersign',
            change_report_id: report.id,
            discipline: d,
            content_sha256: report.content_sha256,
          },
          () => countersignChangeReport(report.id, d, report.content_sha256),
        );
      } else {
        const status = pending.act;
        await legal.run({ kind: 'change_decision', change_report_id: report.id, status }, () =>
          decideChangeReport(report.id, status, note),
        );
        setNote('');
      }
      setPending(null);
      onChanged();
    } catch (error) {
      if (error instanceof StepUpCancelled) setFailure(error.message);
      else if (error instanceof ApiError && error.body?.reason === 'missing') setFailure(t('decide.missing'));
      else if (error instanceof ApiError && error.body?.reason === 'stale') {
        setFailure(t('countersign.stale'));
        onChanged();
      } else setFailure(serverMessageOr(error, t('failed')));
      setPending(null);
    } finally {
      setBusy(false);
    }
  }

  async function addComment(event: FormEvent) {
    event.preventDefault();
    const d = myTurn[0];
    if (!d) return;
    if (!comment.trim()) {
      setCommentError(t('comment.required'));
      return;
    }
    setCommentError(undefined);
    setBusy(true);
    try {
      await commentChangeReport(report.id, d, comment);
      setComment('');
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setCommentError(error.errors?.text?.[0] ?? error.message);
      else setFailure(serverMessageOr(error, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      aria-labelledby={ids.title}
      className="space-y-3 rounded-md border border-slate-200 p-3 sm:p-4"
      data-testid={`change-report-${report.id}`}
    >
      {legal.dialog}
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={ids.title} className="text-lg font-bold text-slate-900">
          {t('report', { id: report.id })}
        </h3>
        <StatusBadge color={KIND_COLOR[report.kind]}>{t(`kind.${report.kind}`)}</StatusBadge>
        <StatusBadge color={STATUS_COLOR[report.status]}>{t(`status.${report.status}`)}</StatusBadge>
      </div>
      <p className="text-sm text-slate-700">{t('filedAt', { at: formatDateTime(report.created_at, locale) })}</p>
      <p className="whitespace-pre-wrap break-words text-slate-900">{report.description}</p>
      <div>
        <h4 className="font-semibold text-slate-900">{t('sheets')}</h4>
        <ul className="list-disc space-y-1 pl-5">
          {report.documents.map((d) => (
            <li key={d.id} className="break-words">
              {t('sheet', { number: d.number, revision: d.revision, title: d.title })} · {discipline(d.discipline)}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-slate-900">
          {report.kind === 'major' ? t('signoffs.major') : t('signoffs.minor')}
        </h4>
        {report.disciplines.length === 0 ? (
          <p className="text-slate-700">{t('signoffs.nobody')}</p>
        ) : (
          <ul className="space-y-1">
            {report.disciplines.map((d) => {
              const s = report.signoffs.find((x) => x.discipline === d && x.current);
              return (
                <li key={d} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-slate-900">{discipline(d)}:</span>
                  <span className={s ? 'text-green-800' : 'text-slate-700'}>
                    {s
                      ? t(`signoffs.${s.kind}`, { name: s.name, at: formatDateTime(s.signed_at, locale) })
                      : t('signoffs.waiting')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {report.kind === 'major' && (
        <p className="text-sm break-all text-slate-700">
          {t('hash')} <code lang="en">{report.content_sha256}</code>
        </p>
      )}
      {report.comments.length > 0 && (
        <div>
          <h4 className="font-semibold text-slate-900">{t('comments')}</h4>
          <ul className="space-y-2">
            {report.comments.map((c) => (
              <li key={c.id} className="rounded border-l-4 border-blue-700 bg-slate-50 px-3 py-2">
                <p className="text-sm text-slate-700">
                  {c.author.name} · {discipline(c.discipline)} · {formatDateTime(c.created_at, locale)}
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{c.text}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.decision_note && (
        <p className="text-slate-900">
          <span className="font-semibold">{t('decisionNote')}</span> {report.decision_note}
        </p>
      )}
      {failure && <Alert variant="error">{failure}</Alert>}

      {myTurn.length > 0 && (
        <div className="space-y-3 border-t border-slate-200 pt-3">
          <div className="flex flex-wrap gap-2">
            {myTurn
              .filter((d) => waiting.includes(d))
              .map((d) => (
                <Button
                  key={d}
                  onClick={() =>
                    setPending({ act: report.kind === 'major' ? 'countersign' : 'acknowledge', discipline: d })
                  }
                >
                  {t(report.kind === 'major' ? 'countersign.button' : 'acknowledge.button', {
                    discipline: discipline(d),
                  })}
                </Button>
              ))}
          </div>
          {report.kind === 'major' && (
            <form noValidate onSubmit={(e) => void addComment(e)} className="space-y-2">
              <TextAreaField
                id={ids.comment}
                label={t('comment.label', { discipline: discipline(myTurn[0]!) })}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                error={commentError}
                rows={3}
                maxLength={5000}
              />
              <Button type="submit" variant="secondary" loading={busy && !pending} busyText={t('comment.sending')}>
                {t('comment.submit')}
              </Button>
            </form>
          )}
        </div>
      )}

      {mode === 'committee' && open && report.kind === 'major' && (
        <div className="space-y-3 border-t border-slate-200 pt-3">
          <TextAreaField
            id={ids.note}
            label={t('decide.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
            maxLength={2000}
          />
          {waiting.length > 0 && (
            <p className="text-slate-700">
              {t('decide.waiting', { list: waiting.map(discipline).join(locale === 'my' ? '၊ ' : ', ') })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setPending({ act: 'approved' })}>{t('decide.approve')}</Button>
            <Button variant="danger" onClick={() => setPending({ act: 'rejected' })}>
              {t('decide.reject')}
            </Button>
          </div>
        </div>
      )}

      {pending && (
        <ConfirmDialog
          title={t(`confirm.${pending.act}.title`)}
          confirmLabel={t(`confirm.${pending.act}.confirm`)}
          labels={{ cancel: t('confirm.cancel'), close: t('confirm.close'), busy: t('confirm.busy') }}
          busy={busy}
          tone={pending.act === 'rejected' ? 'danger' : 'primary'}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          <p>
            {t(`confirm.${pending.act}.body`, {
              discipline: pending.discipline ? discipline(pending.discipline) : '',
              id: report.id,
            })}
          </p>
          <p className="mt-2 font-medium">{t('confirm.final')}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
