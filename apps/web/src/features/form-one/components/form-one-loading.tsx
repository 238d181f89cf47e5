import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/translation';

/** What Form One shows while its code or the draft loads: the same note in both cases, so nothing moves. */
export function FormOneLoading() {
  const { t } = useTranslation('form-one');
  return (
    <div className="flex items-center gap-3 py-10 text-slate-700">
      <Spinner size="md" />
      <span role="status">{t('load.loading')}</span>
    </div>
  );
}
