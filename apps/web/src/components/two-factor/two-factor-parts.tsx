import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { PRODUCT, type TwoFactorSetup } from '@hpbc/shared';
import { ApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { TextField } from '../ui/text-field';
import { Panel } from '../ui/panel';

/**
 * The parts of two-step sign-in that the sign-in page and the administrator's settings page
 * share: the QR code with its typed key, the 6-digit code field, and the recovery codes
 * shown once. Texts are in the `auth` namespace (twoFactor.*).
 */

/** The field errors of a failed call (the server's messages, already in the page's language). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (error.errors) return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? '']));
  return { general: error.message };
}

/** A two-step form's submit: `busy` while `action` runs, the field errors of its failure in `errors`. */
export function useCodeSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await action();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, setErrors, submit };
}

/** A 6-digit code field that phones fill from the app or an SMS-like prompt. */
export function CodeField(props: { value: string; onChange: (v: string) => void; error?: string; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      id={props.id}
      name="code"
      label={t('twoFactor.codeLabel')}
      hint={t('twoFactor.codeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      className="max-w-48 font-mono text-lg tracking-widest"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      required
    />
  );
}

/** Step 1 and 2 of enrolment: scan (or type the key), then confirm with the first code. */
export function EnrolmentForm(props: {
  setup: TwoFactorSetup;
  email: string;
  onConfirm: (code: string) => Promise<void>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const { busy, errors, submit } = useCodeSubmit(() => props.onConfirm(code));
  const keyId = useId();
  const grouped = props.setup.secret.replace(/(.{4})/g, '$1 ').trim();

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="space-y-3">
        <p className="font-medium text-slate-900">{t('twoFactor.step1')}</p>
        <img
          src={props.setup.qr_data_url}
          alt={t('twoFactor.qrAlt', { product: PRODUCT.short, email: props.email })}
          width={200}
          height={200}
          className="h-50 w-50 rounded-md border border-slate-300 bg-white"
        />
        <p className="text-sm text-slate-700" id={keyId}>
          {t('twoFactor.manual')}
        </p>
        <code
          aria-describedby={keyId}
          data-testid="two-factor-secret"
          data-secret={props.setup.secret}
          className="block rounded-md bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900"
        >
          {grouped}
        </code>
      </div>
      <div className="space-y-3">
        <p className="font-medium text-slate-900">{t('twoFactor.step2')}</p>
        <CodeField value={code} onChange={setCode} error={errors.code ?? errors.challenge} />
        {errors.general && (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {errors.general}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} busyText={t('twoFactor.confirming')}>
          {t('twoFactor.confirm')}
        </Button>
        {props.footer}
      </div>
    </form>
  );
}

/** The recovery codes, shown once; Continue waits until the person says they are saved. */
export function RecoveryCodes(props: { codes: string[]; onDone?: () => void; doneLabel?: string }) {
  const { t } = useTranslation('auth');
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  return (
    <Panel
      headingId={titleId}
      title={t('twoFactor.codesTitle')}
      className="space-y-4"
      headingClassName="text-lg font-semibold text-slate-900"
      intro={t('twoFactor.codesIntro')}
    >
      <ol
        aria-label={t('twoFactor.codesListLabel')}
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-md border border-slate-300 bg-slate-50 p-4 font-mono text-base text-slate-900 sm:grid-cols-2"
      >
        {props.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      {props.onDone && (
        <>
          <Checkbox
            label={t('twoFactor.codesSaved')}
            name="codes-saved"
            checked={saved}
            onChange={(e) => setSaved(e.target.checked)}
          />
          <Button onClick={props.onDone} disabled={!saved}>
            {props.doneLabel ?? t('twoFactor.continue')}
          </Button>
        </>
      )}
    </Panel>
  );
}
