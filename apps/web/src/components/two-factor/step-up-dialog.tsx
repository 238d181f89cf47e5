import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { LegalAct } from '@hpbc/shared/second-factor';
import { useTranslation } from '../../lib/translation';
import { ApiError } from '../../lib/api-client';

const StepUpDialog = lazy(() => import('./step-up-prompt'));

/**
 * The 403 of a legal act that wants a proof: its reason, or null for any other failure. Here,
 * not in lib/auth/second-factor, so that the screens that sign do not load that module (and
 * the passkey library) until a proof is asked for.
 */
function stepUpReason(error: unknown): 'step_up_required' | 'two_factor_required' | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return reason === 'step_up_required' || reason === 'two_factor_required' ? reason : null;
}

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
    dialog: pending ? (
      <Suspense fallback={null}>
        <StepUpDialog act={pending.act} reason={pending.reason} onDone={close} />
      </Suspense>
    ) : null,
  };
}
