import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Inspection } from '@hpbc/shared/company-work-terms';
import {
  CONSTRUCTION_STAGES,
  CONSTRUCTION_STAGE_LABELS,
  type ConstructionStage,
  type StageNotice,
} from '@hpbc/shared/construction-stage-terms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { Panel } from '../../../components/ui/panel';
import { ApiError } from '../../../lib/api-client';
import { myanmarLocalIso } from '../../../lib/format';
import { useSaveForm } from '../../../lib/use-save-form';
import { useTranslation } from '../../../lib/translation';
import { reportStage } from '../api/stages';
import { StageTimeline } from './stage-timeline';

/** Today in Myanmar, "2026-12-01": the date field's default and its latest day. */
const todayInMyanmar = () => myanmarLocalIso(new Date()).slice(0, 10);

/**
 * The owner's construction stages on an approved registration (issue 30): the form that
 * reports the next stage, and the timeline of stages with their inspections.
 */
export function ConstructionStages({
  registrationId,
  stages,
  inspections,
  renderInspection,
}: {
  registrationId: number;
  stages: StageNotice[];
  inspections: Inspection[];
  renderInspection: (inspection: Inspection) => ReactNode;
}) {
  const { t, i18n } = useTranslation('stages');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return (
    <Panel
      headingId="construction-stages"
      title={t('title')}
      intro={t('ownerIntro')}
      className="space-y-4"
      headingClassName="text-lg font-semibold text-slate-900"
    >
      <StageReportForm registrationId={registrationId} stages={stages} />
      <StageTimeline stages={stages} inspections={inspections} locale={locale} renderInspection={renderInspection} />
    </Panel>
  );
}

function StageReportForm({ registrationId, stages }: { registrationId: number; stages: StageNotice[] }) {
  const { t, i18n } = useTranslation('stages');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const client = useQueryClient();
  const left = CONSTRUCTION_STAGES.filter((s) => !stages.some((n) => n.stage === s));
  const [stage, setStage] = useState<ConstructionStage | ''>('');
  const [date, setDate] = useState(todayInMyanmar);
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const form = useSaveForm(t('form.failed'));

  if (left.length === 0) return <p className="text-slate-700">{t('form.allReported')}</p>;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaved(null);
    form.setFailure(null);
    const errors: Record<string, string[]> = {};
    if (!stage) errors.stage = [t('form.stageRequired')];
    if (!date) errors.date = [t('form.dateRequired')];
    form.setErrors(errors);
    if (!stage || !date) return;
    await form.run(async () => {
      try {
        const notice = await reportStage(registrationId, { stage, date, note: note.trim() || null });
        setSaved(t('form.saved', { stage: CONSTRUCTION_STAGE_LABELS[notice.stage][locale] }));
        // What was typed is cleared only once it is saved; a failure keeps it.
        setStage('');
        setNote('');
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) form.setFailure(t('form.conflict'));
        else throw err;
      } finally {
        await client.invalidateQueries({ queryKey: ['registrations'] });
      }
    });
  }

  const first = (field: string) => form.errors[field]?.[0];
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="stage-report-title"
    >
      <h3 id="stage-report-title" className="font-semibold text-slate-900">
        {t('form.title')}
      </h3>
      <div aria-live="polite">{saved && <Alert variant="success">{saved}</Alert>}</div>
      {form.failure && <Alert variant="error">{form.failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.stage')}
          value={stage}
          onChange={(e) => setStage(e.target.value as ConstructionStage | '')}
          placeholder={t('form.choose')}
          options={left.map((s) => ({ value: s, label: CONSTRUCTION_STAGE_LABELS[s][locale] }))}
          error={first('stage')}
          required
        />
        <TextField
          type="date"
          label={t('form.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={first('date')}
          required
        />
      </div>
      <TextAreaField
        label={t('form.note')}
        hint={t('form.noteHint')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={first('note')}
        maxLength={2000}
        rows={3}
      />
      <Button type="submit" loading={form.saving} busyText={t('form.saving')}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
