import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed } from '../../../components/ui/load-states';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { formatDateTime } from '../../../lib/format';
import { PasswordChangeForm } from './password-change-form';
import { Panel } from '../../../components/ui/panel';

type LoadState = 'loading' | 'ready' | 'failed' | 'noUser';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * Section 2, Profile (read-only): loading, then the profile or an error. When no user
 * comes back the login has ended: a banner and the 'Authentication Error' dialog offer
 * Go to Login, which forgets the stored login first.
 */
export function ProfileView() {
  const { t, i18n } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [state, setState] = useState<LoadState>(user ? 'ready' : 'loading');
  const [attempt, setAttempt] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    let current = true;
    authStore.fetchUser().then(
      (fetched) => {
        if (!current) return;
        setState(fetched ? 'ready' : 'noUser');
        setDialogOpen(!fetched);
      },
      (error: unknown) => {
        if (!current) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        setState(signedOut ? 'noUser' : 'failed');
        setDialogOpen(signedOut);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  function goToLogin() {
    authStore.clearAuth();
    setDialogOpen(false);
    navigate('/login');
  }

  const locale = i18n.language === 'my' ? 'my' : 'en';
  const notProvided = <span className="text-slate-500 italic">{t('profile.notProvided')}</span>;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('profile.title')}</h1>
        {state === 'ready' && (
          <div className="flex flex-wrap gap-3">
            <Link to="/user/two-factor" className={buttonClasses('secondary')}>
              {tAuth('twoFactor.settingsLink')}
            </Link>
            <Link to="/user/profile/edit" className={buttonClasses('primary')}>
              {t('profile.edit')}
            </Link>
          </div>
        )}
      </header>

      {state === 'loading' && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
          <p role="status" className="text-slate-600">
            {t('profile.loading')}
          </p>
          <Skeleton lines={5} />
        </div>
      )}

      {state === 'failed' && (
        <LoadFailed
          message={t('profile.loadFailed')}
          retryLabel={t('profile.retry')}
          onRetry={() => setAttempt((a) => a + 1)}
        />
      )}

      {state === 'noUser' && (
        <Alert
          variant="error"
          action={
            <Button size="sm" onClick={goToLogin}>
              {t('profile.goToLogin')}
            </Button>
          }
        >
          {t('profile.noUser')}
        </Alert>
      )}

      {state === 'ready' && user && (
        <>
          <Panel
            headingId="account-details"
            title={t('profile.detailsCaption')}
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
            headingClassName="sr-only"
          >
            <dl className="divide-y divide-slate-100">
              <Row label={t('profile.name')}>{user.name}</Row>
              <Row label={t('profile.email')}>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{user.email}</span>
                  {user.email_verified_at ? (
                    <StatusBadge color="green">{t('profile.verified')}</StatusBadge>
                  ) : (
                    <StatusBadge color="yellow">{t('profile.notVerified')}</StatusBadge>
                  )}
                </span>
              </Row>
              <Row label={t('profile.phone')}>{user.phone || notProvided}</Row>
              <Row label={t('profile.address')}>
                {user.address ? <span className="whitespace-pre-line">{user.address}</span> : notProvided}
              </Row>
              <Row label={t('profile.createdAt')}>{formatDateTime(user.created_at, locale) ?? t('profile.na')}</Row>
            </dl>
          </Panel>
          <PasswordChangeForm />
        </>
      )}

      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title={t('profile.authErrorTitle')}
        closeLabel={t('profile.close')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialogOpen(false)}>
              {t('profile.close')}
            </Button>
            <Button onClick={goToLogin}>{t('profile.goToLogin')}</Button>
          </>
        }
      >
        <p className="text-slate-800">{t('profile.noUser')}</p>
      </Dialog>
    </div>
  );
}
