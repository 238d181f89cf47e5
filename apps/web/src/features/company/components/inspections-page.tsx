import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INSPECTION_KINDS,
  reportProblem,
  type CompanyRegistrationSummary,
  type Inspection,
  type InspectionOutcome,
} from '@hpbc/shared/company-work-terms';
import {
  CONSTRUCTION_STAGE_LABELS,
  STAGE_INSPECTION_KIND,
  type StageNotice,
} from '@hpbc/shared/construction-stage-terms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FieldHint, controlClasses } from '../../../components/ui/field-parts';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, myanmarLocalIso } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  changeInspection,
  companyOverviewQuery,
  companyRegistrationsQuery,
  recordResult,
  scheduleInspection,
} from '../api/company';
import { CalendarFeed } from './calendar-feed';
import { CompanyPage, companyIntro } from './company-page';
import { InspectionItem } from './inspection-list';
import { ResultFields } from './result-fields';
import { StepUpCancelled, useLegalAct } from '../../../components/two-factor/step-up-dialog';

/** "2026-12-01T10:00" typed in Myanmar time → an instant with its zone. */
const fromLocal = (value: string) => `${value.slice(0, 16)}:00+06:30`;
/** An instant → the datetime-local value in Myanmar time. */
const toLocal = (iso: string) => myanmarLocalIso(new Date(iso));

/**
 * The schedule form prefilled from an owner's stage notice (issue 30): the stage's inspection
 * kind, and its date at 10:00 Myanmar time (tomorrow's when the stage's day has passed).
 */
function fromNotice(notice: StageNotice): { kind: string; when: string } {
  const tomorrow = toLocal(new Date(Date.now() + 24 * 3600 * 1000).toISOString()).slice(0, 10);
  const day = notice.date > tomorrow ? notice.date : tomorrow;
  return { kind: STAGE_INSPECTION_KIND[notice.stage] ?? '', when: `${day}T10:00` };
}

type Dialogs =
  | { kind: 'schedule'; registration: CompanyRegistrationSummary; notice?: StageNotice }
  | { kind: 'move'; inspection: Inspection; project: string }
  | { kind: 'cancel'; inspection: Inspection; project: string }
  | { kind: 'result'; inspection: Inspection; project: string }
  | null;

/**
 * /user/company/inspections: the registrations that chose the caller's EIET company, and their
 * inspections. `renderStages` (composed by the route): a registration's construction stages,
 * with `schedule(notice)` opening the schedule form prefilled from a stage notice (issue 30).
 * `?schedule={registration}&stage={stage}` (the notice's link) opens that form at once.
 */
export function InspectionsPage({
  renderStages,
}: {
  renderStages?: (registration: CompanyRegistrationSummary, schedule: (notice: StageNotice) => void) => ReactNode;
} = {}) {
  const { t } = useTranslation('company');
  const { t: ts } = useTranslation('stages');
  useDocumentTitle(t('inspections.pageTitle'));
  const overview = useQuery(companyOverviewQuery());
  const list = useQuery(companyRegistrationsQuery());
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const forbidden = list.error instanceof ApiError && list.error.status === 403;
  const pile = overview.data?.company.kind === 'pile';
  const rows = list.data ?? [];
  // The notice's link (?schedule={registration}&stage={stage}) opens that registration's
  // schedule form, prefilled from its stage; closing the form leaves the link behind.
  const [params, setParams] = useSearchParams();
  const linkId = Number(params.get('schedule')) || 0;
  const linkStage = params.get('stage');
  const linked = list.isSuccess && linkId ? list.data.find((r) => r.id === linkId) : undefined;
  const linkedNotice = linked?.stage_notices.find((n) => n.stage === linkStage);
  const fromLink: Dialogs =
    linked && linkedNotice ? { kind: 'schedule', registration: linked, notice: linkedNotice } : null;
  const missingNotice = list.isSuccess && linkId > 0 && linkStage !== null && !fromLink;
  const shown = dialog ?? fromLink;
  const close = () => {
    setDialog(null);
    if (params.has('schedule')) setParams({}, { replace: true });
  };

  const done = () => {
    close();
    setNotice(t('inspections.saved'));
  };

  return (
    <CompanyPage
      eiet={!pile}
      title={t('inspections.pageTitle')}
      intro={companyIntro(overview, (company) => t('inspections.intro', { company }))}
    >
      {forbidden && <Alert variant="warning">{pile ? t('inspections.notEiet') : t('noCompany')}</Alert>}
      {!forbidden && (
        <>
          <div aria-live="polite">{notice && <Alert variant="success">{notice}</Alert>}</div>
          {missingNotice && <Alert variant="warning">{ts('noticeMissing')}</Alert>}
          {list.isPending && <LoadingBlock label={t('inspections.loading')} />}
          {list.isError && (
            <LoadFailed
              message={t('inspections.loadFailed')}
              retryLabel={t('retry')}
              onRetry={() => void list.refetch()}
            />
          )}
          {list.isSuccess && rows.length === 0 && <EmptyBlock>{t('inspections.empty')}</EmptyBlock>}
          <ul className="space-y-4">
            {rows.map((r) => (
              <li key={r.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <h2 className="text-lg font-semibold break-words text-slate-900">{r.project_name}</h2>
                    <p className="font-mono text-sm text-slate-700">{r.reference_number}</p>
                    <p className="text-sm text-slate-700">{t('inspections.submittedBy', { name: r.owner.name })}</p>
                  </div>
                  <RegistrationStatusBadge status={r.status} />
                </div>
                {renderStages?.(r, (n) => setDialog({ kind: 'schedule', registration: r, notice: n }))}
                {r.inspections.length === 0 ? (
                  <p className="text-slate-700">{t('inspections.none')}</p>
                ) : (
                  <ul className="space-y-2" aria-label={t('nav.inspections')}>
                    {r.inspections.map((i) => (
                      <InspectionItem
                        key={i.id}
                        inspection={i}
                        actions={
                          i.status === 'scheduled' && (
                            <>
                              <Button
                                size="sm"
                                onClick={() => setDialog({ kind: 'result', inspection: i, project: r.project_name })}
                              >
                                {t('inspections.record')}
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setDialog({ kind: 'move', inspection: i, project: r.project_name })}
                              >
                                {t('inspections.reschedule')}
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setDialog({ kind: 'cancel', inspection: i, project: r.project_name })}
                              >
                                {t('inspections.cancelInspection')}
                              </Button>
                            </>
                          )
                        }
                      />
                    ))}
                  </ul>
                )}
                <Button variant="secondary" onClick={() => setDialog({ kind: 'schedule', registration: r })}>
                  {t('inspections.schedule')}
                </Button>
              </li>
            ))}
          </ul>
          {list.isSuccess && !pile && <CalendarFeed />}
        </>
      )}
      {shown?.kind === 'schedule' && (
        <ScheduleDialog registration={shown.registration} notice={shown.notice} onClose={close} onDone={done} />
      )}
      {(shown?.kind === 'move' || shown?.kind === 'cancel') && (
        <ChangeDialog
          mode={shown.kind}
          inspection={shown.inspection}
          project={shown.project}
          onClose={close}
          onDone={done}
        />
      )}
      {shown?.kind === 'result' && (
        <ResultDialog inspection={shown.inspection} project={shown.project} onClose={close} onDone={done} />
      )}
    </CompanyPage>
  );
}

type Errors = Record<string, string | undefined>;
const serverErrors = (error: unknown): Errors | undefined =>
  error instanceof ApiError && error.status === 422 && error.errors
    ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]]))
    : undefined;

function useSave<T>(fn: (input: T) => Promise<unknown>, onDone: () => void) {
  const { t } = useTranslation('company');
  const client = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['company'] });
      onDone();
    },
    onError: (error) => {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      // The step-up dialog was closed: its message says nothing was recorded.
      else if (error instanceof StepUpCancelled) setFailure(error.message);
      else if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({ queryKey: ['company'] });
        setFailure(t('inspections.conflict'));
      } else setFailure(t('inspections.failed'));
    },
  });
  return { mutation, errors, setErrors, failure };
}

function DialogFooter({ onClose, pending, label }: { onClose: () => void; pending: boolean; label?: string }) {
  const { t } = useTranslation('company');
  return (
    <>
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('cancel')}
      </Button>
      <Button type="submit" form="inspection-form" loading={pending} busyText={t('inspections.saving')}>
        {label ?? t('inspections.save')}
      </Button>
    </>
  );
}

function ScheduleDialog({
  registration,
  notice,
  onClose,
  onDone,
}: {
  registration: CompanyRegistrationSummary;
  /** The owner's stage notice it is scheduled from, which fills kind and date. */
  notice?: StageNotice;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('company');
  const { t: ts } = useTranslation('stages');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const [kind, setKind] = useState(() => (notice ? fromNotice(notice).kind : ''));
  const [when, setWhen] = useState(() => (notice ? fromNotice(notice).when : ''));
  const [notes, setNotes] = useState('');
  const { mutation, errors, setErrors, failure } = useSave(
    () =>
      scheduleInspection(registration.id, {
        kind: kind as Inspection['kind'],
        scheduled_for: fromLocal(when),
        notes: notes.trim() || null,
      }),
    onDone,
  );
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Errors = {
      kind: kind ? undefined : t('inspections.kindRequired'),
      scheduled_for: when ? undefined : t('inspections.whenRequired'),
    };
    setErrors(next);
    if (next.kind || next.scheduled_for) return;
    mutation.mutate(undefined);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('inspections.scheduleFor', { project: registration.project_name })}
      closeLabel={t('close')}
      dismissible={!mutation.isPending}
      footer={<DialogFooter onClose={onClose} pending={mutation.isPending} />}
    >
      <form id="inspection-form" onSubmit={submit} noValidate className="space-y-4">
        {notice && (
          <p className="rounded-md bg-sky-50 p-3 text-slate-800" data-testid="schedule-from-notice">
            {ts('fromNotice', {
              stage: CONSTRUCTION_STAGE_LABELS[notice.stage][locale],
              date: formatDate(notice.date, locale) ?? notice.date,
            })}
          </p>
        )}
        {failure && <Alert variant="error">{failure}</Alert>}
        <SelectField
          label={t('inspections.kindLabel')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          placeholder={t('inspections.choose')}
          options={INSPECTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          error={errors.kind}
          required
        />
        <TextField
          type="datetime-local"
          label={t('inspections.whenLabel')}
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          error={errors.scheduled_for}
          required
        />
        <TextAreaField
          label={t('inspections.notesLabel')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          error={errors.notes}
          maxLength={2000}
          rows={3}
        />
      </form>
    </Dialog>
  );
}

function ChangeDialog({
  mode,
  inspection,
  project,
  onClose,
  onDone,
}: {
  mode: 'move' | 'cancel';
  inspection: Inspection;
  project: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('company');
  const [when, setWhen] = useState(toLocal(inspection.scheduled_for));
  const [reason, setReason] = useState('');
  const { mutation, errors, setErrors, failure } = useSave(
    () =>
      changeInspection(
        inspection.id,
        mode === 'cancel'
          ? { status: 'cancelled', reason: reason.trim() }
          : { scheduled_for: fromLocal(when), reason: reason.trim() || null },
      ),
    onDone,
  );
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Errors =
      mode === 'cancel'
        ? { reason: reason.trim() ? undefined : t('inspections.reasonRequired') }
        : { scheduled_for: when ? undefined : t('inspections.whenRequired') };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    mutation.mutate(undefined);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={mode === 'cancel' ? t('inspections.cancelTitle') : t('inspections.rescheduleTitle')}
      description={about(t, inspection, project, i18n.language)}
      closeLabel={t('close')}
      dismissible={!mutation.isPending}
      footer={
        <DialogFooter
          onClose={onClose}
          pending={mutation.isPending}
          label={mode === 'cancel' ? t('inspections.confirmCancel') : undefined}
        />
      }
    >
      <form id="inspection-form" onSubmit={submit} noValidate className="space-y-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        {mode === 'move' && (
          <TextField
            type="datetime-local"
            label={t('inspections.newWhenLabel')}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={errors.scheduled_for}
            required
          />
        )}
        <TextAreaField
          label={mode === 'cancel' ? t('inspections.reasonLabel') : t('inspections.reasonOptional')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          required={mode === 'cancel'}
          maxLength={2000}
          rows={3}
        />
      </form>
    </Dialog>
  );
}

/** Which inspection a dialog is about: its kind, the project and the date it was set for. */
function about(t: (key: string, o?: Record<string, string>) => string, i: Inspection, project: string, lang: string) {
  return t('inspections.about', {
    kind: t(`kind.${i.kind}`),
    project,
    date: formatDateTime(i.scheduled_for, lang === 'my' ? 'my' : 'en') ?? '',
  });
}

function ResultDialog({
  inspection,
  project,
  onClose,
  onDone,
}: {
  inspection: Inspection;
  /** The project inspected: the dialog names it and the date (issue 28, item 8). */
  project: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('company');
  const legal = useLegalAct();
  const [outcome, setOutcome] = useState<InspectionOutcome | ''>('');
  const [remarks, setRemarks] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { mutation, errors, setErrors, failure } = useSave(() => {
    const form = new FormData();
    form.append('outcome', outcome);
    form.append('remarks', remarks);
    if (file) form.append('report', file, file.name);
    // Recording a result is a legal act: a fresh second-factor proof (docs/decisions/075).
    const act = {
      kind: 'inspection_result' as const,
      inspection_id: inspection.id,
      outcome: outcome as InspectionOutcome,
    };
    return legal.run(act, () => recordResult(inspection.id, form));
  }, onDone);
  const fileProblem = (f: File | null) => {
    const problem = f ? reportProblem(f) : undefined;
    if (!problem) return undefined;
    return problem.startsWith('report_size') ? t('inspections.reportTooLarge') : t('inspections.reportNotPdf');
  };
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Errors = {
      outcome: outcome ? undefined : t('inspections.outcomeRequired'),
      report: fileProblem(file),
    };
    setErrors(next);
    if (next.outcome || next.report) return;
    mutation.mutate(undefined);
  }
  const fileId = `report-${inspection.id}`;
  return (
    <>
      {legal.dialog}
      <Dialog
        open
        onClose={onClose}
        title={t('inspections.recordTitle')}
        description={about(t, inspection, project, i18n.language)}
        closeLabel={t('close')}
        dismissible={!mutation.isPending}
        footer={<DialogFooter onClose={onClose} pending={mutation.isPending} />}
      >
        <form id="inspection-form" onSubmit={submit} noValidate className="space-y-4" lang={i18n.language}>
          {failure && <Alert variant="error">{failure}</Alert>}
          <ResultFields
            outcome={outcome}
            remarks={remarks}
            onOutcome={setOutcome}
            onRemarks={setRemarks}
            errors={errors}
          />
          <div className="space-y-1.5">
            <label htmlFor={fileId} className="block font-medium text-slate-900">
              {t('inspections.reportLabel')}
            </label>
            <FieldHint id={`${fileId}-hint`}>{t('inspections.reportHint')}</FieldHint>
            <input
              id={fileId}
              type="file"
              accept="application/pdf"
              aria-describedby={`${fileId}-hint${errors.report ? ` ${fileId}-error` : ''}`}
              aria-invalid={errors.report ? true : undefined}
              className={controlClasses(
                Boolean(errors.report),
                'file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-2',
              )}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setErrors({ ...errors, report: fileProblem(f) });
              }}
            />
            <FieldError id={`${fileId}-error`}>{errors.report}</FieldError>
          </div>
        </form>
      </Dialog>
    </>
  );
}
