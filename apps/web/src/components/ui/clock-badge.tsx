import { Suspense } from 'react';
import type { RegistrationClock } from '@hpbc/shared/working-days';
import { useTranslation } from '../../lib/translation';
import { StatusBadge } from './status-badge';

/**
 * Days left or days overdue on a registration's current step, in working days
 * (docs/decisions/077): red when overdue, yellow on the last two days, grey while paused.
 * The step and whom it waits on are in the title and the screen reader's text.
 */
export function ClockBadge({ clock }: { clock: RegistrationClock | undefined }) {
  // Lists show the badge once their clocks have loaded, after the page: while its texts load
  // it waits on its own, instead of suspending (blanking) the whole page it sits in.
  return (
    <Suspense fallback={null}>
      <ClockBadgeText clock={clock} />
    </Suspense>
  );
}

function ClockBadgeText({ clock }: { clock: RegistrationClock | undefined }) {
  const { t } = useTranslation('clocks');
  if (!clock) return null;
  const c = clock.clock;
  const step = t(`steps.${c.step}`);
  const text = c.paused
    ? t('badge.paused')
    : c.overdue
      ? t('badge.overdue', { count: -c.days_left })
      : c.days_left === 0
        ? t('badge.dueToday')
        : t('badge.left', { count: c.days_left });
  const color = c.paused ? 'gray' : c.overdue ? 'red' : c.days_left <= 2 ? 'yellow' : 'blue';
  return (
    <span title={step} data-clock={c.overdue ? 'overdue' : 'running'}>
      <StatusBadge color={color}>
        <span className="sr-only">{step}: </span>
        {text}
      </StatusBadge>
    </span>
  );
}
