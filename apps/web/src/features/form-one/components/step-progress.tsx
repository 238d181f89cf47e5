import { useTranslation } from '../../../lib/translation';
import { FORM_ONE_STEP_COUNT, FORM_ONE_STEPS } from '@hpbc/shared/form-one-fields';
import { cx } from '../../../lib/cx';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../hooks/use-lang';
import { CheckIcon } from '../../../components/ui/line-icon';

export type StepState = 'complete' | 'errors' | 'todo';

interface StepProgressProps {
  /** 1-7, or 0 on the review page (every marker is then a way back). */
  current: number;
  states: Record<number, StepState>;
  onSelect: (step: number) => void;
}

function Marker({ step, state, current }: { step: string; state: StepState; current: boolean }) {
  if (state === 'errors') {
    return (
      <span
        aria-hidden="true"
        className={cx(
          'flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-red-700 bg-red-50 text-red-800',
          current && 'ring-4 ring-red-200',
        )}
      >
        <svg viewBox="0 0 20 20" className="size-4">
          <path d="M10 4v7m0 3.5v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  if (state === 'complete' && !current) {
    return (
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-green-700 text-white"
      >
        <CheckIcon className="size-4" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
        current
          ? 'border-blue-800 bg-blue-800 text-white ring-4 ring-blue-200'
          : 'border-slate-400 bg-white text-slate-700',
      )}
    >
      {step}
    </span>
  );
}

/**
 * The progress bar, "Step N of 7" and the seven step markers of section 2: a check on
 * completed steps, the current one highlighted (aria-current="step"), and, after a failed
 * submit, the steps that still have errors. Each marker also moves to its step.
 */
export function StepProgress({ current, states, onSelect }: StepProgressProps) {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  // Burmese digits on a Burmese page, like the other figures of the portal.
  const n = (value: number) => formatNumber(value, lang);
  const shown = current === 0 ? FORM_ONE_STEP_COUNT : current;
  const percent = Math.round((shown / FORM_ONE_STEP_COUNT) * 100);

  return (
    <div className="space-y-3 print:hidden">
      {current > 0 && (
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="font-semibold text-slate-900" data-testid="step-counter">
            {t('stepOf', { step: n(current), total: n(FORM_ONE_STEP_COUNT) })}
          </p>
          <p className="text-slate-600">{n(percent)}%</p>
        </div>
      )}
      <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full rounded-full bg-blue-800 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <nav aria-label={t('stepsLabel')}>
        <ol className="grid grid-cols-7 gap-1 lg:gap-2">
          {FORM_ONE_STEPS.map((step) => {
            const isCurrent = step.number === current;
            const state = states[step.number] ?? 'todo';
            const stateText =
              state === 'errors' ? t('stepState.errors') : state === 'complete' ? t('stepState.complete') : undefined;
            return (
              <li key={step.number} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onSelect(step.number)}
                  aria-current={isCurrent ? 'step' : undefined}
                  data-step={step.number}
                  data-state={state}
                  className={cx(
                    'group flex w-full flex-col items-center gap-1.5 rounded-md p-1 text-center lg:p-2',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                    isCurrent ? 'bg-blue-50' : 'hover:bg-slate-100',
                  )}
                >
                  <Marker step={n(step.number)} state={state} current={isCurrent} />
                  <span
                    aria-hidden="true"
                    className={cx(
                      'hidden text-xs leading-tight lg:block',
                      isCurrent ? 'font-bold text-blue-900' : 'text-slate-700',
                      state === 'errors' && 'text-red-800',
                    )}
                  >
                    {step.title[lang]}
                  </span>
                  <span className="sr-only">
                    {t('stepButton', { step: n(step.number), title: step.title[lang] })}
                    {stateText ? ` (${stateText})` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
