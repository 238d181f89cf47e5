import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { onsiteDb, type OutboxEntry } from '../offline/onsite-db';

/**
 * What the phone still has to send and what the server refused, always on screen while on site
 * (issue 30): a reload, a closed tab or a day offline loses none of it (decision 098).
 */
export function OutboxStatus({ entries, online }: { entries: OutboxEntry[]; online: boolean }) {
  const { t } = useTranslation('company');
  const waiting = entries.filter((e) => e.state === 'waiting' || e.state === 'sending');
  const failed = entries.filter((e) => e.state === 'failed');
  const sent = entries.filter((e) => e.state === 'sent');
  const label = (e: OutboxEntry) => t(`onsite.entry.${e.kind}`, { id: e.inspection_id });

  async function retry(e: OutboxEntry) {
    await onsiteDb.outbox.update(e.seq!, { state: 'waiting', error: undefined });
  }
  async function discard(e: OutboxEntry) {
    await onsiteDb.outbox.delete(e.seq!);
  }

  return (
    <section aria-labelledby="outbox-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-heading" className="text-lg font-semibold text-slate-900">
          {t('onsite.outboxTitle')}
        </h2>
        <span
          data-testid="connection"
          className={
            online
              ? 'rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900'
              : 'rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900'
          }
        >
          {online ? t('onsite.online') : t('onsite.offline')}
        </span>
      </div>
      <div aria-live="polite" className="space-y-2">
        <p data-testid="outbox-waiting" className="text-slate-800">
          {waiting.length === 0 ? t('onsite.nothingWaiting') : t('onsite.waiting', { count: waiting.length })}
        </p>
        {waiting.length > 0 && (
          <ul className="list-disc space-y-1 pl-6 text-slate-700">
            {waiting.map((e) => (
              <li key={e.seq}>{label(e)}</li>
            ))}
          </ul>
        )}
        {waiting.length > 0 && !online && <p className="text-slate-700">{t('onsite.sendWhenOnline')}</p>}
        {sent.length > 0 && (
          <p data-testid="outbox-sent" className="text-slate-700">
            {t('onsite.sent', { count: sent.length })}
          </p>
        )}
      </div>
      {failed.map((e) => (
        <Alert key={e.seq} variant="error" title={t('onsite.failedTitle', { what: label(e) })}>
          <p className="break-words">{e.error}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void retry(e)}>
              {t('retry')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void discard(e)}>
              {t('onsite.discard')}
            </Button>
          </div>
        </Alert>
      ))}
    </section>
  );
}
