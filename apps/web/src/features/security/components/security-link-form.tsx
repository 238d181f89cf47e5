import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsOf } from '../../../components/two-factor/two-factor-parts';
import { useTranslation } from '../../../lib/translation';
import { mailSecurityLink } from '../../../lib/auth/second-factor';

/**
 * The first half of any change of a second factor (docs/decisions/076): the password, then
 * a link mailed to the account's address that opens this page ready for one change.
 */
export function SecurityLinkForm() {
  const { t } = useTranslation('security');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setSent((await mailSecurityLink(password)).message);
      setPassword('');
    } catch (e) {
      const errors = fieldErrorsOf(e);
      setError(errors.password ?? errors.general ?? t('linkFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <Alert variant="success">{sent}</Alert>;
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      <p className="text-slate-700">{t('linkIntro')}</p>
      <TextField
        type="password"
        name="password"
        autoComplete="current-password"
        label={t('password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" loading={busy} busyText={t('linkSending')}>
        {t('linkSend')}
      </Button>
    </form>
  );
}
