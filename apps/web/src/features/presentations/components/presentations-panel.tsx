import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import { COUNTERPART_REVIEWABLE } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardsPanel, PanelForm } from '../../../components/ui/cards-panel';
import { listLabels } from '../../../components/ui/load-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-store';
import { serverMessageOr, summaryItems } from '../../../lib/auth/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useSaveForm } from '../../../lib/use-save-form';
import { useTranslation } from '../../../lib/translation';
import {
  answerPresentation,
  presentationsQuery,
  type PresentationsSeed,
  recordMinutes,
  schedulePresentation,
  type Presentation,
  type PresentationsMode,
} from '../api/presentations';

const ANSWER_COLOR = { accepted: 'green', declined: 'red' } as const;

/**
 * The designer's presentation (issue 30) on the owner's project page, the counterpart's review
 * and the committee's registration page: the committee schedules it (the time typed is Myanmar
 * time) and records the minutes; the invitees accept or decline; everyone sees the answers.
 */
export function PresentationsPanel({
  registrationId,
  mode,
  locale,
  seed,
}: {
  registrationId: number;
  mode: PresentationsMode;
  locale: Locale;
  /** The page's own answer for the registration, if it has one (see PresentationsSeed). */
  seed?: PresentationsSeed;
}) {
  const { t } = useTranslation('presentations');
  const query = useQuery(presentationsQuery(mode, registrationId, seed));
  const queryClient = useQueryClient();
  const list = query.data?.presentations ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['presentations'] });
  const schedulable = (COUNTERPART_REVIEWABLE as readonly string[]).includes(query.data?.status ?? '');
  // The owner and the counterparts see the panel once there is something to see.
  if (query.isSuccess && list.length === 0 && !(mode === 'committee' && schedulable)) return null;

  return (
    <CardsPanel
      title={t('title')}
      query={query}
      items={list}
      labels={listLabels(t)}
      card={(p) => <PresentationCard presentation={p} mode={mode} locale={locale} onChanged={refresh} />}
      data-testid="presentations"
    >
      {mode === 'committee' && schedulable && <ScheduleForm registrationId={registrationId} onSaved={refresh} />}
    </CardsPanel>
  );
}

function ScheduleForm({ registrationId, onSaved }: { registrationId: number; onSaved: () => void }) {
  const { t } = useTranslation('presentations');
  const ids = { when: useId(), place: useId(), url: useId() };
  const [when, setWhen] = useState('');
  const [place, setPlace] = useState('');
  const [url, setUrl] = useState('');
  const form = useSaveForm(t('failed'));
  const { errors, setErrors, setFailure, setDone, run } = form;

  async function submit() {
    setFailure(null);
    setDone(null);
    setErrors(when ? {} : { starts_at: [t('schedule.whenRequired')] });
    if (!when) return;
    await run(async () => {
      // Myanmar time has no daylight saving: always UTC+06:30.
      await schedulePresentation(registrationId, {
        starts_at: `${when}:00+06:30`,
        place: place || null,
        meeting_url: url || null,
      });
      setWhen('');
      setPlace('');
      setUrl('');
      setDone(t('schedule.done'));
      onSaved();
    });
  }

  const error = (field: string) => errors[field]?.[0];
  return (
    <PanelForm
      labels={{
        title: t('schedule.title'),
        errors: t('schedule.errorsTitle'),
        submit: t('schedule.submit'),
        busy: t('schedule.sending'),
      }}
      form={form}
      errors={summaryItems([
        [ids.when, error('starts_at')],
        [ids.place, error('place')],
        [ids.url, error('meeting_url')],
      ])}
      onSubmit={() => void submit()}
    >
      <TextField
        id={ids.when}
        type="datetime-local"
        label={t('schedule.when')}
        hint={t('schedule.whenHint')}
        value={when}
        onChange={(e) => setWhen(e.target.value)}
        error={error('starts_at')}
      />
      <TextField
        id={ids.place}
        label={t('schedule.place')}
        value={place}
        onChange={(e) => setPlace(e.target.value)}
        error={error('place')}
        maxLength={300}
      />
      <TextField
        id={ids.url}
        type="url"
        label={t('schedule.url')}
        hint={t('schedule.urlHint')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={error('meeting_url')}
        maxLength={500}
      />
    </PanelForm>
  );
}

function PresentationCard({
  presentation: p,
  mode,
  locale,
  onChanged,
}: {
  presentation: Presentation;
  mode: PresentationsMode;
  locale: Locale;
  onChanged: () => void;
}) {
  const { t } = useTranslation('presentations');
  const email = useAuth((s) => s.user?.email?.toLowerCase() ?? '');
  const ids = { title: useId(), minutes: useId() };
  const me = p.invitees.find((i) => i.email === email);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(p.minutes ?? '');
  const [minutesError, setMinutesError] = useState<string | undefined>();

  async function act(run: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await run();
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setMinutesError(error.errors?.minutes?.[0] ?? error.message);
      else setFailure(serverMessageOr(error, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby={ids.title} className="space-y-3 rounded-md border border-slate-200 p-3 sm:p-4">
      <h3 id={ids.title} className="text-lg font-bold text-slate-900">
        {formatDateTime(p.starts_at, locale)}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {p.place && (
          <>
            <dt className="font-semibold text-slate-900">{t('place')}</dt>
            <dd className="break-words text-slate-800">{p.place}</dd>
          </>
        )}
        {p.meeting_url && (
          <>
            <dt className="font-semibold text-slate-900">{t('url')}</dt>
            <dd className="break-all">
              <a className="text-blue-800 underline underline-offset-4" href={p.meeting_url} rel="noreferrer">
                {p.meeting_url}
              </a>
            </dd>
          </>
        )}
        <dt className="font-semibold text-slate-900">{t('ends')}</dt>
        <dd className="text-slate-800">{formatDateTime(p.ends_at, locale)}</dd>
      </dl>
      <div>
        <h4 className="font-semibold text-slate-900">{t('invitees')}</h4>
        <ul className="space-y-1">
          {p.invitees.map((i) => (
            <li key={i.email} className="flex flex-wrap items-center gap-2">
              <span className="break-all text-slate-900">{i.name ?? i.email}</span>
              <span className="text-sm text-slate-700">({t(`role.${i.role}`)})</span>
              {i.answer ? (
                <StatusBadge color={ANSWER_COLOR[i.answer]}>{t(`answer.${i.answer}`)}</StatusBadge>
              ) : (
                <StatusBadge color="gray">{t('answer.none')}</StatusBadge>
              )}
            </li>
          ))}
        </ul>
      </div>
      {failure && <Alert variant="error">{failure}</Alert>}
      {me && mode !== 'committee' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void act(() => answerPresentation(p.id, 'accepted'))} disabled={busy}>
            {t('accept')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void act(() => answerPresentation(p.id, 'declined'))}
            disabled={busy}
          >
            {t('decline')}
          </Button>
        </div>
      )}
      {p.minutes && mode !== 'committee' && (
        <div>
          <h4 className="font-semibold text-slate-900">{t('minutes')}</h4>
          <p className="whitespace-pre-wrap break-words text-slate-900">{p.minutes}</p>
        </div>
      )}
      {mode === 'committee' && (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!minutes.trim()) {
              setMinutesError(t('minutesRequired'));
              return;
            }
            setMinutesError(undefined);
            void act(() => recordMinutes(p.id, minutes));
          }}
        >
          <TextAreaField
            id={ids.minutes}
            label={t('minutes')}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={minutesError}
            rows={4}
            maxLength={20000}
          />
          <Button type="submit" variant="secondary" loading={busy} busyText={t('saving')}>
            {t('saveMinutes')}
          </Button>
        </form>
      )}
    </article>
  );
}
