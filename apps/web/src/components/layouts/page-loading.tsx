import { useTranslation } from '../../lib/translation';
import { Spinner } from '../ui/spinner';

/**
 * Shown while a page's code or texts load. It fades in after a moment (CSS only), so fast loads
 * do not flash a spinner.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center opacity-0 [animation:hpbc-fade-in_200ms_ease-out_300ms_forwards]">
      <div className="flex items-center gap-3 text-slate-600">
        <Spinner size="md" />
        <span role="status">{t('app.loading')}</span>
      </div>
    </div>
  );
}
