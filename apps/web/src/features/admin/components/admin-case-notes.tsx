import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CASE_NOTE_MAX, type CaseNote } from '@hpbc/shared/committee-view';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { TextAreaField } from '../../../components/ui/text-field';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useMessageText } from '../../../lib/auth/form-errors';
import { useSaveForm } from '../../../lib/use-save-form';
import { addCaseNote, caseNotesQuery } from '../api/admin-registrations';
import { Panel } from '../../../components/ui/panel';

/**
 * The committee's case notes on a registration (issue 28, item 5; decision 090): read and
 * added by administrators only; the API answers them to nobody else. Append-only, oldest
 * first, so the case reads as it happened.
 */
export function AdminCaseNotes({ registrationId }: { registrationId: number }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const text = useMessageText();
  const queryClient = useQueryClient();
  const notes = useQuery(caseNotesQuery(registrationId));
  const [draft, setDraft] = useState('');
  const [added, setAdded] = useState(false);
  const form = useSaveForm(t('caseNotes.failed'));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAdded(false);
    form.setErrors({});
    form.setFailure(null);
    await form.run(async () => {
      const note = await addCaseNote(registrationId, draft);
      queryClient.setQueryData<CaseNote[]>(caseNotesQuery(registrationId).queryKey, (old) => [...(old ?? []), note]);
      setDraft('');
      setAdded(true);
    });
  }

  return (
    <Panel
      headingId="case-notes"
      title={t('caseNotes.title')}
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50/40 p-4 shadow-sm sm:p-5"
      intro={t('caseNotes.intro')}
      introClassName="text-sm text-slate-700"
    >
      {notes.isPending && <LoadingBlock label={t('caseNotes.loading')} />}
      {notes.isError && (
        <LoadFailed message={t('caseNotes.loadFailed')} retryLabel={t('retry')} onRetry={() => void notes.refetch()} />
      )}
      {notes.isSuccess &&
        (notes.data.length === 0 ? (
          <p className="text-slate-700">{t('caseNotes.empty')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('caseNotes.title')}>
            {notes.data.map((n) => (
              <li key={n.id} className="rounded-md border border-slate-200 bg-white p-3">
                <p className="break-words whitespace-pre-line text-slate-900">{n.note}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {t('caseNotes.by', {
                    name: n.author.name,
                    date: formatDateTime(n.created_at, locale),
                  })}
                </p>
              </li>
            ))}
          </ol>
        ))}
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
        <TextAreaField
          label={t('caseNotes.label')}
          hint={t('caseNotes.hint', { max: formatNumber(CASE_NOTE_MAX, locale) })}
          name="case_note"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setAdded(false);
          }}
          maxLength={CASE_NOTE_MAX}
          rows={3}
          error={text(form.errors.note?.[0])}
        />
        <div aria-live="polite">
          {form.failure && <Alert variant="error">{form.failure}</Alert>}
          {added && <Alert variant="success">{t('caseNotes.added')}</Alert>}
        </div>
        <Button type="submit" loading={form.saving} busyText={t('caseNotes.adding')} disabled={!draft.trim()}>
          {t('caseNotes.add')}
        </Button>
      </form>
    </Panel>
  );
}
