import { Suspense, lazy, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockExtension } from '@hpbc/shared/working-days';
import type { Locale } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { ClockBadge } from '../../../components/ui/clock-badge';
import { StatusBadge } from '../../../components/ui/status-badge';
import { clockKeys } from '../../../lib/clocks';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { decideExtension, registrationClockQuery } from '../api/clocks';
import { Panel } from '../../../components/ui/panel';

// The form asking for more time (and its checks) loads when it is opened (decision 107).
const ExtensionDialog = lazy(() => import('./extension-dialog'));

const EXTENSION_COLORS = { requested: 'yellow', granted: 'green', refused: 'gray' } as const;

/**
 * A registration's working-day clock on its detail page: the step, whom it waits on, days
 * left or overdue, the due date, and its extensions with their reasons. `party`: the person
 * it waits on may ask for more time; `admin`: the committee grants or refuses.
 */
export function RegistrationClock({ id, mode }: { id: number; mode: 'party' | 'admin' }) {
  const { t, i18n } = useTranslation('clocks');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery(registrationClockQuery(id));
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [deciding, setDeciding] = useState<number | null>(null);
  const c = query.data;
  if (!c) return null;
  const refresh = () => client.invalidateQueries({ queryKey: clockKeys.all });

  async function decide(e: ClockExtension, status: 'granted' | 'refused') {
    setDeciding(e.id);
    try {
      await decideExtension(e.id, status);
      await refresh();
    } finally {
      setDeciding(null);
    }
  }

  return (
    <Panel
      headingId="clock-heading"
      title={t('panel.title')}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-700">{t('panel.step')}</dt>
          <dd className="font-medium text-slate-900">{t(`steps.${c.clock.step}`)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('panel.waitingOn')}</dt>
          <dd className="font-medium text-slate-900">{t(`waitingOn.${c.waiting_on}`)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('panel.standing')}</dt>
          <dd>
            <ClockBadge clock={c} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('panel.dueOn')}</dt>
          <dd className="font-medium text-slate-900">
            {c.clock.due_on ? formatDate(c.clock.due_on, locale) : t('panel.paused')}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-700">{t('panel.target')}</dt>
          <dd className="text-slate-900">
            {t('panel.targetText', { target: c.clock.target, elapsed: c.clock.elapsed })}
            {c.clock.extended_by > 0 && ` ${t('panel.extendedBy', { count: c.clock.extended_by })}`}
          </dd>
        </div>
      </dl>
      {c.extensions.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-slate-900">{t('panel.extensions')}</h3>
          <ul className="space-y-2">
            {c.extensions.map((e) => (
              <li key={e.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge color={EXTENSION_COLORS[e.status]}>{t(`extension.${e.status}`)}</StatusBadge>
                  <span className="text-sm text-slate-800">
                    {t('extension.summary', {
                      count: e.working_days,
                      step: t(`steps.${e.step}`),
                      who: e.requested_by ?? t('extension.someone'),
                      when: formatDateTime(e.requested_at, locale),
                    })}
                  </span>
                </div>
                <p className="mt-1 break-words whitespace-pre-line text-slate-900">{e.reason}</p>
                {mode === 'admin' && e.status === 'requested' && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button size="sm" loading={deciding === e.id} onClick={() => void decide(e, 'granted')}>
                      {t('extension.grant')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={deciding === e.id}
                      onClick={() => void decide(e, 'refused')}
                    >
                      {t('extension.refuse')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {mode === 'party' && !c.clock.paused && (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('extension.ask')}
        </Button>
      )}
      {asking && (
        <Suspense fallback={null}>
          <ExtensionDialog
            id={id}
            onClose={() => setAsking(false)}
            onSent={() => {
              setAsking(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Panel>
  );
}
