import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { LegalAct } from '@hpbc/shared/second-factor';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { CodeField, fieldErrorsOf } from './two-factor-parts';
import { useTranslation } from '../../lib/translation';
import {
  PasskeyUnavailable,
  SECURITY_KEY,
  browserSupportsPasskeys,
  securityOverview,
  stepUpWithCode,
  stepUpWithPasskey,
} from '../../lib/auth/second-factor';

/**
 * The step-up dialog of useLegalAct (./step-up-dialog): a chunk of its own, with the passkey
 * library it uses, fetched the first time a legal act asks for a proof (issue 31, decision
 * 107: the screens that sign load neither before).
 */
export default function StepUpDialog({
  act,
  reason,
  onDone,
}: {
  act: LegalAct;
  reason: 'step_up_required' | 'two_factor_required';
  onDone: (proved: boolean) => void;
}) {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'passkey' | 'code' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<HTMLDivElement>(null);
  // Offer only what the account has set up (until the overview arrives, both ways are offered).
  const overview = useQuery({ queryKey: SECURITY_KEY, queryFn: securityOverview });
  const passkeys = browserSupportsPasskeys() && (overview.data ? overview.data.passkeys.length > 0 : true);
  const app = overview.data ? overview.data.totp.enabled : true;

  async function withPasskey() {
    setBusy('passkey');
    setError(undefined);
    try {
      await stepUpWithPasskey(act);
      onDone(true);
    } catch (e) {
      setError(
        e instanceof PasskeyUnavailable
          ? t('noPasskeyHere')
          : (fieldErrorsOf(e).response ?? fieldErrorsOf(e).general ?? t('failed')),
      );
      codeRef.current?.querySelector('input')?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function withCode(event: FormEvent) {
    event.preventDefault();
    setBusy('code');
    setCodeError(undefined);
    try {
      await stepUpWithCode(code, act);
      onDone(true);
    } catch (e) {
      const errors = fieldErrorsOf(e);
      setCodeError(errors.code ?? errors.general ?? t('failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      open
      onClose={() => onDone(false)}
      title={t('stepUpTitle')}
      description={t(`stepUpWhat.${act.kind}`)}
      closeLabel={t('cancel')}
      dismissible={false}
      size="md"
    >
      {reason === 'two_factor_required' ? (
        <div className="space-y-3">
          <Alert variant="warning">{t('twoFactorRequired')}</Alert>
          <Link className="font-medium text-blue-800 underline" to="/user/two-factor">
            {t('setUpNow')}
          </Link>
        </div>
      ) : (
        <div className="space-y-5">
          <p className="text-slate-700">{t('stepUpIntro')}</p>
          {error && <Alert variant="warning">{error}</Alert>}
          {passkeys && (
            <Button onClick={() => void withPasskey()} loading={busy === 'passkey'} busyText={t('waitingForPasskey')}>
              {t('usePasskey')}
            </Button>
          )}
          {app && (
            <form onSubmit={(e) => void withCode(e)} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
              <p className="text-slate-700">{passkeys ? t('orCode') : t('codeOnly')}</p>
              <div ref={codeRef}>
                <CodeField value={code} onChange={setCode} error={codeError} />
              </div>
              <Button type="submit" variant="secondary" loading={busy === 'code'} busyText={t('checking')}>
                {t('confirmCode')}
              </Button>
            </form>
          )}
        </div>
      )}
    </Dialog>
  );
}
