import { useTranslation } from '../../../lib/translation';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
import { formatTime } from '../../../lib/format';
import type { SaveStatus } from '../hooks/use-form-one-draft';
import { CheckIcon } from '../../../components/ui/line-icon';

function time(at: Date, lang: string): string {
  return formatTime(at, lang === 'my' ? 'my' : 'en');
}

/** "Saving…", "Saved", or "Not saved — retry", read out politely as it changes. */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t, i18n } = useTranslation('form-one');
  let content: React.ReactNode = null;
  let tone = 'text-slate-600';
  switch (status.kind) {
    case 'saving':
      content = (
        <>
          <Spinner size="sm" />
          {t('save.saving')}
        </>
      );
      break;
    case 'saved':
      tone = 'text-green-800';
      content = (
        <>
          <CheckIcon />
          <span>
            {t('save.saved')}
            <span className="sr-only"> — {t('save.savedAt', { time: time(status.at, i18n.language) })}</span>
          </span>
        </>
      );
      break;
    case 'local':
      tone = 'text-slate-700';
      content = (
        <>
          <CheckIcon />
          {t('save.local')}
        </>
      );
      break;
    case 'local-error':
      tone = 'text-red-800 font-semibold';
      content = t('save.localError');
      break;
    case 'error':
      tone = 'text-red-800';
      content = (
        <>
          <span className="font-semibold">{t(`save.${status.problem}`)}</span>
          <button
            type="button"
            onClick={onRetry}
            className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            {t('save.retry')}
          </button>
        </>
      );
      break;
    default:
      content = null;
  }
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={status.kind}
      className={cx('flex min-h-6 flex-wrap items-center gap-2 text-sm print:hidden', tone)}
    >
      {content}
    </p>
  );
}
