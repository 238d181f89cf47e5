import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fieldErrorsOf } from '../../../components/two-factor/two-factor-parts';
import { PasskeyUnavailable, browserSupportsPasskeys } from '../../../lib/auth/second-factor';
import { useTranslation } from '../../../lib/translation';

/**
 * A passkey ceremony behind one button (sign in with a passkey alone, or as the second step):
 * on a device without one, a clear message that points to the password or the code.
 */
export function PasskeyButton({ label, onUse }: { label: string; onUse: () => Promise<void> }) {
  const { t } = useTranslation('security');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!browserSupportsPasskeys()) return null;

  async function use() {
    setBusy(true);
    setError(null);
    try {
      await onUse();
    } catch (e) {
      setError(
        e instanceof PasskeyUnavailable
          ? t('noPasskeyHere')
          : (fieldErrorsOf(e).response ?? fieldErrorsOf(e).general ?? t('failed')),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3">
      {error && <Alert variant="warning">{error}</Alert>}
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void use()}
        loading={busy}
        busyText={t('signingIn')}
      >
        {label}
      </Button>
    </div>
  );
}
