import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { TextField } from '../../../components/ui/text-field';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { requiredOnly, serverMessageOr } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';
import { AuthFailure, signIn } from '../api/sign-in';
import { useAuthFormErrors } from '../hooks/use-auth-form-errors';
import { verifiedFromQuery } from '../verified-param';
import { AuthCard, footerLinkClass } from './auth-card';
import { GeneralErrors } from './general-errors';
import { TwoFactorSignIn } from './two-factor-sign-in';
import { PasskeyButton } from './passkey-button';

const FIELD_IDS = { email: 'login-email', password: 'login-password' } as const;

/**
 * ?redirect= returns the user to where sign-in was asked for (Form One's submit keeps the
 * answers and comes back to its review page); only a path on this site is followed.
 */
export function safeRedirect(value: string | null): string | null {
  return value && /^\/(?![/\\])/.test(value) ? value : null;
}

/** Section 2, Login: sign in, with the verification, inactive and "verified from link" notices. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('security');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const verified = verifiedFromQuery(params.get('verified'));
  const loading = useAuth((s) => s.loading);
  const verificationRequired = useAuth((s) => s.verificationRequired);
  const verificationSent = useAuth((s) => s.verificationSent);
  const pendingUser = useAuth((s) => s.user);
  const twoFactor = useAuth((s) => s.twoFactor);

  const { fields, general, setClientErrors } = useAuthFormErrors();
  const { values, field, summary } = useFormFields(
    { email: params.get('email') ?? '', password: '' },
    { ids: FIELD_IDS, errors: fields },
  );
  const [remember, setRemember] = useState(false);
  const [inactive, setInactive] = useState(false);
  // Sent here after an administrator deactivated the account mid-session: the same notice.
  const deactivated = useAuth((s) => s.deactivated);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setInactive(false);
    setResendError(null);
    // Section 5: no checks here beyond the required fields; the server judges the rest.
    const invalid = requiredOnly(values, ['email', 'password']);
    setClientErrors(invalid);
    if (invalid) return;
    try {
      await signIn.login({ ...values, remember });
      // An administrator's one grace sign-in without two-step sign-in: set it up now.
      if (authStore.getState().twoFactorGrace) navigate('/user/two-factor');
      else navigate(safeRedirect(params.get('redirect')) ?? '/');
    } catch (error) {
      if (error instanceof AuthFailure && error.reason === 'inactive') setInactive(true);
      // Other failures are in the store's errors and flags, shown below.
    }
  }

  async function resend() {
    setResending(true);
    setResendError(null);
    try {
      await signIn.resendVerification(pendingUser?.email ?? values.email);
    } catch (error) {
      setResendError(serverMessageOr(error, t('verify.resendFailed')));
    } finally {
      setResending(false);
    }
  }

  if (twoFactor) {
    return <TwoFactorSignIn email={values.email} redirect={safeRedirect(params.get('redirect')) ?? '/'} />;
  }

  return (
    <AuthCard
      title={t('login.title')}
      description={t('login.intro', { product: PRODUCT.short })}
      footer={
        <>
          <Link to="/" className={footerLinkClass}>
            {t('login.backHome')}
          </Link>
          <span className="text-slate-700">
            {t('login.noAccount')}{' '}
            <Link to="/register" className={footerLinkClass}>
              {t('login.register')}
            </Link>
          </span>
        </>
      }
    >
      {verified === true && <Alert variant="success">{t('login.verifiedSuccess')}</Alert>}
      {verified === false && <Alert variant="error">{t('login.verifiedFailure')}</Alert>}
      {(inactive || deactivated) && (
        <Alert variant="error" title={t('login.inactiveTitle')}>
          {t('login.inactive')}
        </Alert>
      )}
      {verificationRequired && (
        <Alert
          variant="warning"
          title={t('login.verificationRequiredTitle')}
          action={
            <Button
              variant="link"
              size="sm"
              onClick={() => void resend()}
              loading={resending}
              busyText={t('login.resending')}
            >
              {t('login.resendLink')}
            </Button>
          }
        >
          {t('login.verificationRequired')}
        </Alert>
      )}
      {verificationSent && <Alert variant="success">{t('login.verificationSent')}</Alert>}
      {resendError && <Alert variant="error">{resendError}</Alert>}
      <GeneralErrors messages={general} />
      <ErrorSummary title={t('errors.summaryTitle')} errors={summary} />

      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <TextField {...field('email')} label={t('fields.email')} type="email" autoComplete="username" required />
        <TextField
          {...field('password')}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <Checkbox
            label={t('fields.remember')}
            hint={t('login.rememberHint')}
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password" className={footerLinkClass}>
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={loading && !resending} busyText={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>
      <PasskeyButton
        label={ts('signInWithPasskey')}
        onUse={async () => {
          await signIn.withPasskey(remember);
          if (authStore.getState().twoFactorGrace) navigate('/user/two-factor');
          else navigate(safeRedirect(params.get('redirect')) ?? '/');
        }}
      />
    </AuthCard>
  );
}
