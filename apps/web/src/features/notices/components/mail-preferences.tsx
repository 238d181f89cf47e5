import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailKind, MailPreference } from '@hpbc/shared/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { useMessageText } from '../../../lib/auth/form-errors';
import { useTranslation } from '../../../lib/translation';
import { useSaveForm } from '../../../lib/use-save-form';
import { noticeKeys, preferencesQuery, savePreferences } from '../api/notices';

/**
 * /user/notices/settings: per kind of notice, whether it also comes by e-mail. The kinds the
 * committee must always mail (legal notices, account security: @hpbc/shared/notices) are shown
 * ticked and fixed, with the reason; the server refuses to turn them off in any case.
 */
export function MailPreferences() {
  const { t } = useTranslation('notices');
  const query = useQuery(preferencesQuery());
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to="/user/notices"
        className="inline-block text-sm font-medium text-blue-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        ‹ {t('prefs.back')}
      </Link>
      <PageHeader title={t('prefs.title')} description={t('prefs.intro')} />
      {query.isPending && <LoadingBlock label={t('prefs.loading')} />}
      {query.isError && (
        <LoadFailed
          message={t('prefs.loadFailed')}
          retryLabel={t('prefs.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && <PreferencesForm initial={query.data} />}
    </div>
  );
}

function PreferencesForm({ initial }: { initial: MailPreference[] }) {
  const { t } = useTranslation('notices');
  const text = useMessageText();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, boolean>>(
    Object.fromEntries(initial.map((p) => [p.kind, p.mail])),
  );
  const [saved, setSaved] = useState(false);
  const { errors, failure, saving, run } = useSaveForm(t('prefs.saveFailed'));

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const mail = Object.fromEntries(
      initial.filter((p) => !p.fixed).map((p) => [p.kind, values[p.kind] ?? true]),
    ) as Partial<Record<MailKind, boolean>>;
    await run(async () => {
      const after = await savePreferences(mail);
      client.setQueryData(noticeKeys.preferences, after);
      setSaved(true);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="space-y-4">
      {failure && <Alert variant="error">{failure}</Alert>}
      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <legend className="px-1 font-semibold text-slate-900">{t('prefs.legend')}</legend>
        {initial.map((p) => (
          <Checkbox
            key={p.kind}
            name={p.kind}
            label={t(`kinds.${p.kind}`)}
            checked={p.fixed || (values[p.kind] ?? true)}
            disabled={p.fixed}
            aria-disabled={p.fixed || undefined}
            hint={p.fixed ? t('prefs.fixed') : undefined}
            error={text(errors[`mail.${p.kind}`]?.[0])}
            onChange={(e) => {
              setSaved(false);
              setValues({ ...values, [p.kind]: e.target.checked });
            }}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={saving} busyText={t('prefs.saving')}>
          {t('prefs.save')}
        </Button>
        <span role="status" className="text-sm text-green-800">
          {saved ? t('prefs.saved') : ''}
        </span>
      </div>
    </form>
  );
}
