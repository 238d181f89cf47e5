import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { renderFormMessage, type Locale } from '@hpbc/shared';
import { registrationStatusLabel, type RegistrationRecord } from '@hpbc/shared/form-one-fields';
import {
  NOTE_REQUIRED_FOR,
  REVIEW_NOTE_MAX,
  allowedReviewTransitions,
  reviewStatusChangeSchema,
  type ReviewStatus,
} from '@hpbc/shared/registration-review';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { DISCIPLINE_TITLES, isDiscipline } from '@hpbc/shared/counterpart-review-terms';
import { formatNumber } from '../../../lib/format';
import { changeRegistrationStatus } from '../api/admin-registrations';
import { ConfirmDialog } from './confirm-dialog';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { useLegalAct } from '../../../components/two-factor/step-up-dialog';

interface Props {
  record: RegistrationRecord;
  locale: Locale;
  /** The registration as the server now has it (after a change, or after someone else's). */
  onChanged: (record: RegistrationRecord | null) => void;
}

/** The committee's decision on a registration: only the transitions the shared rule allows are offered. */
export function ReviewStatusForm({ record, locale, onChanged }: Props) {
  const legal = useLegalAct();
  // Both namespaces in one wait: the approval confirmation's words come with the form's.
  const { t } = useTranslation(['admin', 'workflow']);
  const ids = { status: useId(), note: useId(), title: useId() };
  const choices = allowedReviewTransitions(record.status);
  const [status, setStatus] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ status?: string; note?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const { t: tw } = useTranslation('workflow');
  const noteRequired = (NOTE_REQUIRED_FOR as readonly string[]).includes(status);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const checked = reviewStatusChangeSchema.safeParse({ status, note });
    if (!checked.success) {
      const next: { status?: string; note?: string } = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'status';
        next[key] ??= renderFormMessage(issue.message, locale);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // An approval publishes the project and cannot be undone: it is confirmed first (issue 28, item 7).
    if (status === STATUS.approved && !confirmingApproval) {
      setConfirmingApproval(true);
      return;
    }
    await send();
  }

  async function send() {
    setSaving(true);
    try {
      // Approving or rejecting is a legal act: a fresh second-factor proof (docs/decisions/075).
      const change = () => changeRegistrationStatus(record.id, { status, note });
      const updated =
        status === 'Approved' || status === 'Rejected'
          ? await legal.run({ kind: 'decision', registration_id: record.id, status }, change)
          : await change();
      setStatus('');
      setNote('');
      setDone(t('review.saved', { status: registrationStatusLabel(updated.status, locale) }));
      onChanged(updated);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        setErrors({ status: error.errors.status?.[0], note: error.errors.note?.[0] });
      } else if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body?.missing)) {
        // Approval waits for every named discipline's countersignature on the current content.
        const missing = (error.body.missing as string[]).map((d) =>
          isDiscipline(d) ? DISCIPLINE_TITLES[d][locale] : d,
        );
        setFailure(t('review.missingCountersignatures', { list: missing.join(locale === 'my' ? '၊ ' : ', ') }));
      } else if (error instanceof ApiError && error.status === 409) {
        setFailure(t('review.conflict'));
        onChanged(null);
      } else {
        setFailure(error instanceof ApiError && error.status >= 400 ? error.message : t('review.failed'));
      }
    } finally {
      setSaving(false);
      setConfirmingApproval(false);
    }
  }

  const summary = [
    ...(errors.status ? [{ fieldId: ids.status, message: errors.status }] : []),
    ...(errors.note ? [{ fieldId: ids.note, message: errors.note }] : []),
  ];

  return (
    <section
      aria-labelledby={ids.title}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {legal.dialog}
      <h2 id={ids.title} className="text-lg font-bold text-slate-900">
        {t('review.title')}
      </h2>
      <div aria-live="polite">
        {done && (
          <Alert variant="success" dismissLabel={t('close')} onDismiss={() => setDone(null)}>
            {done}
          </Alert>
        )}
      </div>
      {failure && <Alert variant="error">{failure}</Alert>}
      {choices.length === 0 ? (
        <p className="text-slate-700">
          {record.status === STATUS.returned
            ? t('review.withSubmitter')
            : t('review.final', { status: registrationStatusLabel(record.status, locale) })}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <ErrorSummary title={t('review.errorsTitle')} errors={summary} />
          <SelectField
            id={ids.status}
            label={t('review.newStatus')}
            name="status"
            value={status}
            error={errors.status}
            onChange={(e) => {
              setStatus(e.target.value);
              setErrors((prev) => ({ ...prev, status: undefined }));
            }}
            placeholder={t('review.choose')}
            options={choices.map((s: ReviewStatus) => ({ value: s, label: registrationStatusLabel(s, locale) }))}
            wrapperClassName="sm:w-80"
          />
          <TextAreaField
            id={ids.note}
            label={t('review.note')}
            name="note"
            rows={4}
            maxLength={REVIEW_NOTE_MAX}
            value={note}
            required={noteRequired}
            hint={t(noteRequired ? 'review.noteHint' : 'review.noteOptionalHint', {
              max: formatNumber(REVIEW_NOTE_MAX, locale),
            })}
            error={errors.note}
            onChange={(e) => {
              setNote(e.target.value);
              setErrors((prev) => ({ ...prev, note: undefined }));
            }}
          />
          <Button type="submit" loading={saving} busyText={t('review.saving')}>
            {t('review.save')}
          </Button>
        </form>
      )}
      {confirmingApproval && (
        <ConfirmDialog
          title={tw('confirm.approveTitle', { reference: record.reference_number ?? '' })}
          confirmLabel={tw('confirm.approveConfirm')}
          tone="primary"
          busy={saving}
          onConfirm={() => void send()}
          onCancel={() => setConfirmingApproval(false)}
        >
          <div className="space-y-2">
            <p>{tw('confirm.approveWhat')}</p>
            <p className="font-semibold">{tw('confirm.approveUndo')}</p>
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}
