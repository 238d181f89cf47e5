import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsOf } from '../../../components/two-factor/two-factor-parts';
import { securityLink } from '../../../lib/auth/security-link';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/translation';
import {
  PasskeyUnavailable,
  SECURITY_KEY,
  addPasskey,
  browserSupportsPasskeys,
  removePasskey,
  securityOverview,
} from '../../../lib/auth/second-factor';
import { SecurityLinkForm } from './security-link-form';
import { Panel } from '../../../components/ui/panel';

/** The "Passkeys" card of the Security page: the account's passkeys, adding one and removing one. */
export function PasskeysCard() {
  const { t } = useTranslation('security');
  const locale = currentLanguage();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: SECURITY_KEY, queryFn: securityOverview });
  const [linked, setLinked] = useState(() => Boolean(securityLink()));
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
  const failure = (error: unknown) =>
    error instanceof PasskeyUnavailable
      ? t('noPasskeyHere')
      : (fieldErrorsOf(error).token ?? fieldErrorsOf(error).response ?? fieldErrorsOf(error).general ?? t('failed'));

  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: (key) => {
      setMessage({ variant: 'success', text: t('added', { name: key.name }) });
      setName('');
      setLinked(false);
      refresh();
    },
    onError: (error) => setMessage({ variant: 'error', text: failure(error) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => removePasskey(id),
    onSuccess: () => {
      setMessage({ variant: 'success', text: t('removed') });
      setLinked(false);
      refresh();
    },
    onError: (error) => setMessage({ variant: 'error', text: failure(error) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    add.mutate();
  }

  return (
    <Panel
      id="security"
      headingId="passkeys-title"
      title={t('passkeysTitle')}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
      headingClassName="text-lg font-semibold text-slate-900"
      intro={t('passkeysIntro')}
    >
      {overview.isPending ? (
        <LoadingBlock label={t('loading')} />
      ) : overview.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          {overview.data.required && overview.data.passkeys.length === 0 && !overview.data.totp.enabled && (
            <Alert variant="warning">{t('required')}</Alert>
          )}
          {overview.data.passkeys.length === 0 ? (
            <p className="text-slate-600">{t('none')}</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={t('passkeysTitle')}>
              {overview.data.passkeys.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{key.name}</p>
                    <p className="text-sm text-slate-600">
                      {t('addedOn', { date: formatDateTime(key.created_at, locale) })}
                      {key.last_used_at
                        ? ` · ${t('lastUsed', { date: formatDateTime(key.last_used_at, locale) })}`
                        : ''}
                    </p>
                  </div>
                  {linked && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => remove.mutate(key.id)}
                      loading={remove.isPending && remove.variables === key.id}
                      busyText={t('removing')}
                      aria-label={t('removeNamed', { name: key.name })}
                    >
                      {t('remove')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {message && <Alert variant={message.variant}>{message.text}</Alert>}
      {!browserSupportsPasskeys() ? (
        <Alert variant="info">{t('noPasskeyHere')}</Alert>
      ) : linked ? (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <TextField
            name="passkey-name"
            label={t('nameLabel')}
            hint={t('nameHint')}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" loading={add.isPending} busyText={t('adding')}>
            {t('add')}
          </Button>
        </form>
      ) : overview.data && !overview.data.totp.enabled ? (
        // The app's card above has the same password form while the app is not set up: one
        // form on the page (the mailed link then allows one change, either card's).
        <p className="text-slate-700">{t('linkAbove')}</p>
      ) : (
        <SecurityLinkForm />
      )}
    </Panel>
  );
}
