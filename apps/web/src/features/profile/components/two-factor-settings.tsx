import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import type { TwoFactorStatus } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import {
  CodeField,
  EnrolmentForm,
  RecoveryCodes,
  fieldErrorsOf,
} from '../../../components/two-factor/two-factor-parts';
import { call } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { forgetSecurityLink, securityLink } from '../../../lib/auth/security-link';

const STATUS_KEY = ['two-factor-status'] as const;

/**
 * /user/two-factor (administrators): set up two-step sign-in with a QR code, see its state,
 * and make new recovery codes. After the grace sign-in the page says why it was opened.
 */
export function TwoFactorSettings({
  linkForm,
  children,
}: {
  /** The password form that mails the link a set-up needs (docs/decisions/076). */
  linkForm: React.ReactNode;
  /** More security cards (the passkeys), composed by the route. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('auth');
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => call('GET /api/user/two-factor') });
  const grace = useAuth((s) => s.twoFactorGrace);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title={t('twoFactor.title')} description={t('twoFactor.enrolIntro')} />
      {grace && !status.data?.enabled && (
        <Alert variant="warning" title={t('twoFactor.graceTitle')}>
          {t('twoFactor.grace')}
        </Alert>
      )}
      {status.isPending ? (
        <LoadingBlock label={t('twoFactor.loading')} />
      ) : status.isError ? (
        <LoadFailed
          message={t('twoFactor.loadFailed')}
          retryLabel={t('twoFactor.retry')}
          onRetry={() => void status.refetch()}
        />
      ) : status.data.enabled ? (
        <Enabled status={status.data} />
      ) : (
        <Enrol linkForm={linkForm} />
      )}
      {children}
    </div>
  );
}

function Card({ children }: { children: React.ReactNode }) {
  return <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">{children}</section>;
}

function Enrol({ linkForm }: { linkForm: React.ReactNode }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const email = useAuth((s) => s.user?.email ?? '');
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => call('POST /api/user/two-factor/setup', { body: { security: securityLink() } }),
  });
  // Setting up an app needs the password and the mailed link (docs/decisions/076).
  const [linked] = useState(() => Boolean(securityLink()));

  if (codes) {
    return (
      <Card>
        <Alert variant="success">{t('twoFactor.done')}</Alert>
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            authStore.clearTwoFactorGrace();
            void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
          }}
        />
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('twoFactor.statusOff')}</h2>
      {start.isError && (
        <Alert variant="error">{fieldErrorsOf(start.error).general ?? t('twoFactor.setupFailed')}</Alert>
      )}
      {start.data ? (
        <EnrolmentForm
          setup={start.data}
          email={email}
          onConfirm={async (code) => {
            const answer = await call('POST /api/user/two-factor/confirm', {
              body: { code, security: securityLink() },
            });
            forgetSecurityLink();
            setCodes(answer.recovery_codes);
          }}
        />
      ) : linked ? (
        <Button onClick={() => start.mutate()} loading={start.isPending} busyText={t('twoFactor.starting')}>
          {t('twoFactor.start')}
        </Button>
      ) : (
        linkForm
      )}
    </Card>
  );
}

function Enabled({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation('auth');
  const locale = currentLanguage();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [codes, setCodes] = useState<string[] | null>(null);
  const since = formatDate(status.enabled_at, locale) ?? '';
  const left = status.recovery_codes_left;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const answer = await call('POST /api/user/two-factor/recovery-codes', { body: { code } });
      setCodes(answer.recovery_codes);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t('twoFactor.statusOn')}</h2>
        <p className="text-slate-700">{t('twoFactor.statusOnSince', { date: since })}</p>
        <p className="text-slate-700">{t('twoFactor.codesLeft', { n: formatNumber(left, locale) })}</p>
        {left <= 3 && <Alert variant="warning">{t('twoFactor.codesLeftLow', { n: formatNumber(left, locale) })}</Alert>}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t('twoFactor.newCodesTitle')}</h2>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
            <p className="text-slate-700">{t('twoFactor.newCodesIntro')}</p>
            <CodeField value={code} onChange={setCode} error={errors.code} />
            {errors.general && <Alert variant="error">{errors.general}</Alert>}
            <Button type="submit" loading={busy} busyText={t('twoFactor.newCodesBusy')}>
              {t('twoFactor.newCodes')}
            </Button>
          </form>
        )}
      </Card>
    </>
  );
}
