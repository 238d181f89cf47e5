import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LegalAct } from '@hpbc/shared/second-factor';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { CodeField, fieldErrorsOf } from './two-factor-parts';
import { useTranslation } from '../../lib/translation';
import { ApiError } from '../../lib/api-client';
import { useQuery } from '@tanstack/react-query';
import {
  PasskeyUnavailable,
  SECURITY_KEY,
  browserSupportsPasskeys,
  securityOverview,
  stepUpReason,
  stepUpWithCode,
  stepUpWithPasskey,
} from '../../lib/auth/second-factor';

/**
 * The act was not sent again because the person closed the step-up dialog: the server's 403
 * stays the answer, but its message (which asks for a proof) is replaced by one saying that
 * nothing was signed and what was typed is kept. An ApiError, so every screen that shows a
 * refused act's message shows this one.
 */
export class StepUpCancelled extends ApiError {
  constructor(refused: ApiError, message: string) {
    super(refused.status, message, refused.errors, { ...refused.body, reason: 'step_up_cancelled' });
  }
}

type Pending = { act: LegalAct; reason: 'step_up_required' | 'two_factor_required'; resolve: (ok: boolean) => void };

/**
 * A legal act made with a fresh second-factor proof (docs/decisions/075): `run(act, send)`
 * sends the act; when the server asks for a proof (403 step_up_required) the step-up dialog
 * opens over the form (which stays as typed), and after the proof the act is sent again.
 * Render `dialog` beside the form.
 */
export function useLegalAct(): {
  run: <T>(act: LegalAct, send: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const { t } = useTranslation('security');
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (act: LegalAct, reason: Pending['reason']) =>
      new Promise<boolean>((resolve) => setPending({ act, reason, resolve })),
    [],
  );
  const run = useCallback(
    async <T,>(act: LegalAct, send: () => Promise<T>): Promise<T> => {
      try {
        return await send();
      } catch (error) {
        const reason = stepUpReason(error);
        if (!reason) throw error;
        if (!(await ask(act, reason))) throw new StepUpCancelled(error as ApiError, t('stepUpCancelled'));
        return send();
      }
    },
    [ask, t],
  );
  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return {
    run,
    dialog: pending ? <StepUpDialog act={pending.act} reason={pending.reason} onDone={close} /> : null,
  };
}

function StepUpDialog({
  act,
  reason,
  onDone,
}: {
  act: LegalAct;
  reason: Pending['reason'];
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
