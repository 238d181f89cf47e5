import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field-parts';
import { Panel } from '../../../components/ui/panel';
import { newCalendarUrl } from '../api/company';

/** The private calendar address of the account: made on request (only its hash is kept), copied with one button. */
export function CalendarFeed() {
  const { t } = useTranslation('company');
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const make = useMutation({ mutationFn: newCalendarUrl, onSuccess: (u) => setUrl(u) });
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
    setCopied(true);
  }
  return (
    <Panel
      headingId={`${id}-title`}
      title={t('calendar.title')}
      intro={t('calendar.intro')}
      headingClassName="text-lg font-semibold text-slate-900"
    >
      {url && (
        <div className="space-y-1.5">
          <label htmlFor={id} className="block font-medium text-slate-900">
            {t('calendar.label')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input id={id} readOnly value={url} className={controlClasses(false, 'font-mono text-sm')} />
            <Button variant="secondary" onClick={() => void copy()}>
              {t('calendar.copy')}
            </Button>
          </div>
          <p aria-live="polite" className="text-sm text-green-800">
            {copied ? t('calendar.copied') : ''}
          </p>
        </div>
      )}
      {make.isError && <Alert variant="error">{t('calendar.failed')}</Alert>}
      <Button
        variant={url ? 'secondary' : 'primary'}
        onClick={() => {
          setCopied(false);
          make.mutate();
        }}
        loading={make.isPending}
        busyText={t('calendar.making')}
      >
        {url ? t('calendar.remake') : t('calendar.make')}
      </Button>
    </Panel>
  );
}
