import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT, type TwoFactorSetup } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import {
  CodeField,
  EnrolmentForm,
  RecoveryCodes,
  fieldErrorsOf,
  useCodeSubmit,
} from '../../../components/two-factor/two-factor-parts';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { signIn } from '../api/sign-in';
import { AuthCard, footerLinkClass } from './auth-card';
import { PasskeyButton } from './passkey-button';
import { securityLink } from '../../../lib/auth/security-link';

/**
 * The second step of an administrator's sign-in (docs/api.md "Two-step sign-in"): a code
 * from the authenticator app or a recovery code; or, once the grace sign-in is used, the
 * enrolment itself, ending with the recovery codes shown once.
 */
export function TwoFactorSignIn({ email, redirect }: { email: string; redirect: string }) {
  const { t } = useTranslation('auth');
  const step = useAuth((s) => s.twoFactor);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step?.two_factor]);
  if (!step) return null;
  const back = (
    <button type="button" className={footerLinkClass} onClick={() => authStore.cancelTwoFactor()}>
      {t('twoFactor.back')}
    </button>
  );
  return (
    <AuthCard
      title={step.two_factor === 'code' ? t('twoFactor.title') : t('twoFactor.enrolTitle')}
      titleRef={headingRef}
      description={step.two_factor === 'code' ? t('twoFactor.codeIntro', { product: PRODUCT.short }) : undefined}
      footer={back}
    >
      {step.two_factor === 'code' ? <CodeStep redirect={redirect} /> : <EnrolStep email={email} redirect={redirect} />}
    </AuthCard>
  );
}

function CodeStep({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('security');
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const { busy, errors, setErrors, submit } = useCodeSubmit(async () => {
    await signIn.completeTwoFactor(recovery ? { recovery_code: recoveryCode } : { code });
    navigate(redirect);
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {errors.challenge && (
        <Alert variant="error" title={errors.challenge}>
          {t('twoFactor.expired')}
        </Alert>
      )}
      {errors.general && <Alert variant="error">{errors.general}</Alert>}
      {recovery ? (
        <>
          <p className="text-slate-700">{t('twoFactor.recoveryIntro')}</p>
          <TextField
            name="recovery_code"
            label={t('twoFactor.recoveryLabel')}
            hint={t('twoFactor.recoveryHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="max-w-64 font-mono"
            value={recoveryCode}
            onChange={(e) => setRecoveryCode(e.target.value)}
            error={errors.recovery_code ?? errors.code}
            required
          />
        </>
      ) : (
        <CodeField value={code} onChange={setCode} error={errors.code} />
      )}
      <Button type="submit" className="w-full" loading={busy} busyText={t('twoFactor.verifying')}>
        {t('twoFactor.verify')}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setRecovery(!recovery);
          setErrors({});
        }}
      >
        {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
      </Button>
      <PasskeyButton
        label={ts('usePasskeyInstead')}
        onUse={async () => {
          await signIn.completeWithPasskey();
          navigate(redirect);
        }}
      />
    </form>
  );
}

function EnrolStep({ email, redirect }: { email: string; redirect: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await signIn.twoFactorSetup());
    } catch (e) {
      const errors = fieldErrorsOf(e);
      setError(errors.challenge ?? errors.general ?? t('twoFactor.setupFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          authStore.cancelTwoFactor();
          navigate(redirect);
        }}
      />
    );
  }
  return (
    <div className="space-y-5">
      <Alert variant="warning" title={t('twoFactor.enrolTitle')}>
        {t('twoFactor.enrolRequired')}
      </Alert>
      <p className="text-slate-700">{t('twoFactor.enrolIntro')}</p>
      {error && <Alert variant="error">{error}</Alert>}
      {!setup && !securityLink() ? (
        <Alert variant="info">{t('twoFactor.enrolMailed')}</Alert>
      ) : setup ? (
        <EnrolmentForm
          setup={setup}
          email={email}
          onConfirm={async (code) => setCodes((await signIn.confirmTwoFactorSetup(code)).recoveryCodes)}
        />
      ) : (
        <Button onClick={() => void start()} loading={busy} busyText={t('twoFactor.starting')}>
          {t('twoFactor.start')}
        </Button>
      )}
    </div>
  );
}
