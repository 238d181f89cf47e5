import canonicalize from 'canonicalize';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import { checkDecisionChain, type DecisionEntry } from '@hpbc/shared/decision-log';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Table, TableHead } from '../../../components/ui/table';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { Trans, useTranslation } from '../../../lib/translation';
import { DECISIONS_JSON_URL, decisionsQuery } from '../api/transparency';
import { Panel } from '../../../components/ui/panel';

/** SHA-256 in lower-case hex with the browser's own Web Crypto: the check needs nothing from the server. */
async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type Check = Awaited<ReturnType<typeof checkDecisionChain>> | { unavailable: true };

/** How many of the latest entries the table shows (the check covers them all). */
const SHOWN = 50;

/** /decision-log: the decision log explained, and checked in the reader's browser (docs/decisions/078). */
export function DecisionLogPage() {
  const { t, i18n } = useTranslation('transparency');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery(decisionsQuery());
  const entries = query.data;
  // The check runs in the browser on the entries as downloaded (no answer from the server is trusted for it).
  const checked = useQuery({
    queryKey: ['open-data', 'decisions', 'check', entries?.length ?? 0, entries?.at(-1)?.hash ?? ''],
    enabled: entries !== undefined,
    staleTime: Infinity,
    queryFn: async (): Promise<Check> =>
      globalThis.crypto?.subtle
        ? checkDecisionChain(entries ?? [], (v) => canonicalize(v), sha256hex)
        : { unavailable: true },
  });
  const check = checked.data ?? null;

  const n = (v: number) => formatNumber(v, locale);
  const shown: DecisionEntry[] = entries ? entries.slice(-SHOWN).reverse() : [];

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('log.title')} description={t('log.intro')} />
      <Panel headingId="how" title={t('log.howTitle')} look="part" className="max-w-3xl space-y-3">
        <ol className="list-decimal space-y-2 pl-6 text-slate-800">
          <li>
            <Trans t={t} i18nKey="log.step1" components={{ code: <code className="font-mono text-sm" /> }} />
          </li>
          <li>
            <Trans t={t} i18nKey="log.step2" components={{ code: <code className="font-mono text-sm" /> }} />
          </li>
          <li>
            <Trans t={t} i18nKey="log.step3" components={{ code: <code className="font-mono text-sm" /> }} />
          </li>
          <li>{t('log.step4')}</li>
        </ol>
        <p>
          <a
            href={DECISIONS_JSON_URL}
            download
            className="font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950"
          >
            {t('log.download')}
          </a>
        </p>
      </Panel>

      {query.isPending && <LoadingBlock label={t('loading')} />}
      {query.isError && (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      )}
      {entries && (
        <Panel headingId="result" title={t('log.resultTitle')} look="part" className="space-y-4">
          <div aria-live="polite" data-testid="chain-check">
            {!check && <LoadingBlock label={t('log.checking')} compact />}
            {check && 'unavailable' in check && <Alert variant="warning">{t('log.unavailable')}</Alert>}
            {check && 'ok' in check && check.ok && (
              <Alert variant="success">{t('log.ok', { count: check.count, n: n(check.count) })}</Alert>
            )}
            {check && 'ok' in check && !check.ok && (
              <Alert variant="error">{t(`log.broken.${check.broken.reason}`, { seq: n(check.broken.seq) })}</Alert>
            )}
          </div>
          {entries.length > 0 && (
            <Table caption={t('log.tableCaption', { count: shown.length, n: n(shown.length) })}>
              <TableHead columns={[t('log.seq'), t('log.at'), t('log.reference'), t('log.action'), t('log.hash')]} />
              <tbody>
                {shown.map((e) => (
                  <tr key={e.seq}>
                    <td className="whitespace-nowrap">{n(e.seq)}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={e.at}>{formatDateTime(e.at, locale)}</time>
                    </td>
                    <td className="font-mono whitespace-nowrap">{e.reference}</td>
                    <td>{t(`log.actions.${e.action}`)}</td>
                    <td className="font-mono text-xs break-all" lang="en">
                      {e.hash}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Panel>
      )}
    </div>
  );
}
