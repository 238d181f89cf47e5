import { useTranslation } from 'react-i18next';
import type { ReturnedFor } from '../returned-for';

/** The committee's note on a registration returned for changes, and what to do about it. */
export function ReturnedNote({ returned }: { returned: ReturnedFor }) {
  const { t } = useTranslation('form-one');
  return (
    <>
      {returned.note && (
        <>
          <span className="font-semibold">{t('returned.noteLabel')}</span>{' '}
          <span className="whitespace-pre-line">{returned.note}</span>
        </>
      )}
      <p className="mt-1">{t('returned.hint')}</p>
    </>
  );
}
