import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { resendVerificationSchema } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { serverMessageOr } from '../../../lib/auth/form-errors';
import { signIn } from '../api/sign-in';
import { verificationQuery } from '../api/verify-email';
import { useEmailRequest } from '../hooks/use-email-request';
import { AuthCard, footerLinkClass } from './auth-card';

/**
 * Section 2, Email verification screen: a link with id and hash is checked; on failure,
 * or without a link, a resend form; after a resend the form gives way to a sent notice.
 */
export function VerifyEmailPanel() {
  const { t } = useTranslation('auth');
  const { id, hash } = useParams();
  const [params] = useSearchParams();
  const hasLink = Boolean(id && hash);
  // A signed-in user whose address is already verified has nothing to do here (no link opened).
  const verifiedEmail = useAuth((s) => (s.user?.email_verified_at ? s.user.email : undefined));
  const check = useQuery({
    ...verificationQuery({
      id: id ?? '',
      hash: hash ?? '',
      expires: params.get('expires') ?? '',
      signature: params.get('signature') ?? '',
    }),
    enabled: hasLink,
  });

  const confirmed = check.isSuccess && check.data.verified;
  useEffect(() => {
    if (!confirmed) return;
    authStore.emailVerified();
    // A signed-in user who confirmed a changed address: reload the profile that now says so.
    if (authStore.getState().token) authStore.fetchUser().catch(() => {});
  }, [confirmed]);

  const footer = (
    <Link to="/login" className={footerLinkClass}>
      {t('verify.backToLogin')}
    </Link>
  );

  if (hasLink && check.isPending) {
    return (
      <AuthCard title={t('verify.title')}>
        <p className="flex items-center gap-3 text-slate-700" role="status">
          <Spinner size="sm" />
          {t('verify.checking')}
        </p>
      </AuthCard>
    );
  }

  if (hasLink && check.isSuccess && check.data.verified) {
    return (
      <AuthCard title={t('verify.successTitle')}>
        <Alert variant="success">{t('verify.success')}</Alert>
        <Link to="/login?verified=success" className={buttonClasses('primary', 'md', 'w-full')}>
          {t('verify.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  if (!hasLink && verifiedEmail) {
    return (
      <AuthCard title={t('verify.alreadyTitle')}>
        <Alert variant="success">{t('verify.already', { email: verifiedEmail })}</Alert>
        <Link to="/user/dashboard" className={buttonClasses('primary', 'md', 'w-full')}>
          {t('verify.goToDashboard')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={hasLink ? t('verify.failureTitle') : t('verify.title')} footer={footer}>
      {hasLink && <Alert variant="error">{t('verify.failure')}</Alert>}
      <ResendVerificationForm />
    </AuthCard>
  );
}

function ResendVerificationForm() {
  const { t } = useTranslation('auth');
  const knownEmail = useAuth((s) => s.user?.email);
  const loading = useAuth((s) => s.loading);
  const { field, failure, sent, onSubmit } = useEmailRequest({
    id: 'verify-email',
    initialEmail: knownEmail,
    schema: resendVerificationSchema,
    send: (email) => signIn.resendVerification(email),
    // Section 8: the server's message, or the screen's own text.
    failureMessage: (error) => serverMessageOr(error, t('verify.resendFailed')),
  });

  if (sent) {
    return (
      <Alert variant="success" title={t('verify.sentTitle')}>
        {t('verify.sent')}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <p className="text-slate-700">{t('verify.resendIntro')}</p>
      {failure && <Alert variant="error">{failure}</Alert>}
      <TextField {...field('email')} label={t('fields.email')} type="email" autoComplete="email" required />
      <Button type="submit" className="w-full" loading={loading} busyText={t('verify.resending')}>
        {t('verify.resendSubmit')}
      </Button>
    </form>
  );
}
