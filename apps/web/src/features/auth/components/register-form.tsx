import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from '../../../lib/translation';
import { registerSchema } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth/auth-store';
import { validate } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';
import { signIn } from '../api/sign-in';
import { useAuthFormErrors } from '../hooks/use-auth-form-errors';
import { useLoginRedirect } from '../hooks/use-login-redirect';
import { AuthCard, footerLinkClass } from './auth-card';
import { GeneralErrors } from './general-errors';

/** Section 9: after a verification mail the screen moves on to login after 3 seconds. */
export const REGISTER_REDIRECT_MS = 3000;

const IDS = {
  name: 'register-name',
  email: 'register-email',
  password: 'register-password',
  password_confirmation: 'register-password-confirmation',
  terms: 'register-terms',
} as const;

const legalLinkClass =
  'text-blue-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-amber-400';

/** The consent checkbox's text, its two documents linked (opened in a new tab so the form keeps its input). */
function TermsLabel() {
  const { t } = useTranslation('auth');
  return (
    <Trans
      t={t}
      i18nKey="register.termsLinked"
      components={{
        terms: <LegalLink to="/terms" />,
        privacy: <LegalLink to="/privacy" />,
      }}
    />
  );
}

function LegalLink({ to, children }: { to: string; children?: React.ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className={legalLinkClass}>
      {children}
    </Link>
  );
}

/** Section 2, Register. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loading = useAuth((s) => s.loading);
  const { fields, general, setClientErrors } = useAuthFormErrors();
  const { values, field, error, summary } = useFormFields(
    { name: '', email: '', password: '', password_confirmation: '' },
    { ids: IDS, errors: fields },
  );
  const [terms, setTerms] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useLoginRedirect(Boolean(sentTo), REGISTER_REDIRECT_MS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload = { ...values, terms };
    const invalid = validate(registerSchema, payload);
    setClientErrors(invalid);
    if (invalid) return;
    try {
      const result = await signIn.register(payload);
      if (result.verificationSent) setSentTo(values.email.trim());
      else navigate('/');
    } catch {
      // The store holds the field and general errors shown below.
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t('register.title')}>
        <Alert variant="success" title={t('register.successTitle')}>
          {t('register.verificationSent', { email: sentTo })}
        </Alert>
        <Link to="/login" className={footerLinkClass}>
          {t('register.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('register.title')}
      description={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className={footerLinkClass}>
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <GeneralErrors messages={general} />
      <ErrorSummary title={t('errors.summaryTitle')} errors={summary} />
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <TextField {...field('name')} label={t('fields.name')} autoComplete="name" required />
        <TextField {...field('email')} label={t('fields.email')} type="email" autoComplete="email" required />
        <NewPasswordFields
          field={field}
          label={t('fields.password')}
          confirmationLabel={t('fields.passwordConfirmation')}
          hint={t('register.passwordHint')}
          required
        />
        <Checkbox
          id={IDS.terms}
          label={<TermsLabel />}
          hint={t('register.termsHintLinked')}
          name="terms"
          required
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          error={error('terms')}
        />
        <Button
          type="submit"
          className="w-full"
          disabled={!terms}
          loading={loading}
          busyText={t('register.submitting')}
        >
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
