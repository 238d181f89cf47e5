import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { resetPasswordSchema } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-store';
import { useMessageText, validate, type FieldErrorMap } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';
import { signIn } from '../api/sign-in';
import { useLoginRedirect } from '../hooks/use-login-redirect';
import { AuthCard, footerLinkClass } from './auth-card';

/** Section 9: after a reset the screen moves on to login after 2 seconds. */
export const RESET_REDIRECT_MS = 2000;

const IDS = {
  email: 'reset-email',
  password: 'reset-password',
  password_confirmation: 'reset-password-confirmation',
} as const;

/**
 * Section 8, reset: the first e-mail message, else the first password message; a token
 * error has its own text; otherwise a generic failure, or the unexpected-error text.
 */
export function resetFailureMessage(
  error: unknown,
  t: (key: string) => string,
  text: (m: string) => string | undefined,
): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('errors.unexpected');
  const errors = error.errors;
  if (errors?.email?.[0]) return text(errors.email[0])!;
  if (errors?.password?.[0]) return text(errors.password[0])!;
  if (errors?.token) return t('reset.invalidToken');
  if (errors) return t('reset.failed');
  // A 429 says how long to wait (the specification predates the rate limit).
  if (error.status === 429 && error.message) return error.message;
  return t('reset.failed');
}

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const text = useMessageText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loading = useAuth((s) => s.loading);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { values, field, summary } = useFormFields(
    { email: params.get('email') ?? '', password: '', password_confirmation: '' },
    { ids: IDS, errors },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useLoginRedirect(done, RESET_REDIRECT_MS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!token) {
      setFailure(t('reset.invalidLink'));
      return;
    }
    if (values.password !== values.password_confirmation) {
      setErrors({ password_confirmation: [t('reset.mismatch')] });
      return;
    }
    const invalid = validate(resetPasswordSchema, { ...values, token });
    setErrors(invalid ?? {});
    if (invalid) return;
    try {
      await signIn.resetPassword({ ...values, token });
      setDone(true);
    } catch (e) {
      setErrors(e instanceof ApiError && e.errors ? e.errors : {});
      setFailure(resetFailureMessage(e, t, text));
    }
  }

  const footer = (
    <Link to="/login" className={footerLinkClass}>
      {t('reset.backToLogin')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('reset.title')} footer={footer}>
        <Alert
          variant="error"
          action={
            <Link to="/forgot-password" className={footerLinkClass}>
              {t('reset.requestNew')}
            </Link>
          }
        >
          {t('reset.invalidLink')}
        </Alert>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('reset.title')} footer={footer}>
        <Alert variant="success" title={t('reset.success')}>
          {t('reset.redirecting')}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} description={t('reset.intro')} footer={footer}>
      {failure && (
        <Alert
          variant="error"
          action={
            errors.token ? (
              <Link to="/forgot-password" className={footerLinkClass}>
                {t('reset.requestNew')}
              </Link>
            ) : undefined
          }
        >
          {failure}
        </Alert>
      )}
      <ErrorSummary title={t('errors.summaryTitle')} errors={failure ? [] : summary} />
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <TextField {...field('email')} label={t('fields.email')} type="email" autoComplete="username" required />
        <NewPasswordFields
          field={field}
          label={t('fields.newPassword')}
          confirmationLabel={t('fields.confirmNewPassword')}
          hint={t('register.passwordHint')}
          required
        />
        <Button type="submit" className="w-full" loading={loading} busyText={t('reset.submitting')}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
