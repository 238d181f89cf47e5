import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { forgotPasswordSchema } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-store';
import { signIn } from '../api/sign-in';
import { useEmailRequest } from '../hooks/use-email-request';
import { AuthCard, footerLinkClass } from './auth-card';

/** Section 8, forgot password: the e-mail field's first message, else the screen's own text. */
export function forgotFailureMessage(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('errors.unexpected');
  if (error.errors) return error.errors.email?.[0] ?? t('forgot.failed');
  // The specification predates the rate limit: a 429 says how long to wait, which the
  // unexpected-error text would hide. Other answers without an error map get that text.
  if (error.status === 429 && error.message) return error.message;
  return t('errors.unexpected');
}

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const loading = useAuth((s) => s.loading);
  const { field, failure, sent, onSubmit } = useEmailRequest({
    id: 'forgot-email',
    schema: forgotPasswordSchema,
    send: (email) => signIn.forgotPassword(email),
    failureMessage: (error) => forgotFailureMessage(error, t),
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      description={sent ? undefined : t('forgot.intro')}
      footer={
        <Link to="/login" className={footerLinkClass}>
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      {sent ? (
        <Alert variant="success" title={t('forgot.sent')}>
          {t('forgot.sentHint')}
        </Alert>
      ) : (
        <>
          {failure && <Alert variant="error">{failure}</Alert>}
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
            <TextField {...field('email')} label={t('fields.email')} type="email" autoComplete="email" required />
            <Button type="submit" className="w-full" loading={loading} busyText={t('forgot.submitting')}>
              {t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
