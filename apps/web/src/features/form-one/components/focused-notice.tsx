import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';

/**
 * A success message about something that just left the page (a deleted row). It takes the
 * focus when it appears, since the button that was focused went away with the row.
 */
export function FocusedNotice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const { t } = useTranslation('form-one');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant="success" title={message} dismissLabel={t('area.dismiss')} onDismiss={onDismiss} />
    </div>
  );
}
