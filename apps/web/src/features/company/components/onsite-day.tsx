import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyBlock, LoadingBlock } from '../../../components/ui/load-states';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { keepTheDay } from '../api/onsite';
import { useOnsite, useOwner } from '../offline/use-onsite';
import { registerInspectorApp } from '../offline/service-worker';
import { CompanyPage, linkClasses } from './company-page';
import { OutboxStatus } from './outbox-status';

/**
 * /user/company/onsite: the day's open inspections as kept on this phone, loaded again from the
 * server whenever there is a connection, so they are there on a site with none (decision 098).
 */
export function OnsiteDayPage() {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('onsite.dayTitle'));
  const owner = useOwner();
  const { online, day, outbox } = useOnsite(owner);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => registerInspectorApp(), []);

  async function load() {
    if (owner === null) return;
    setLoading(true);
    setProblem(null);
    try {
      await keepTheDay(owner);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 403 ? t('noCompany') : t('onsite.loadFailed'));
    } finally {
      setLoading(false);
    }
  }
  // Whenever the page opens with a connection, the kept copy is brought up to date.
  useEffect(() => {
    if (!online || owner === null) return;
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, owner]);

  const waitingFor = (id: number) => outbox.filter((e) => e.inspection_id === id && e.state !== 'sent').length;
  const open = (day?.registrations ?? []).flatMap((r) =>
    r.inspections.filter((i) => i.status === 'scheduled').map((i) => ({ registration: r, inspection: i })),
  );

  return (
    <CompanyPage title={t('onsite.dayTitle')} intro={<p>{t('onsite.dayIntro')}</p>}>
      <OutboxStatus entries={outbox} online={online} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void load()} loading={loading} busyText={t('onsite.loading')} disabled={!online}>
          {t('onsite.loadDay')}
        </Button>
        {day && (
          <p data-testid="kept-at" className="text-slate-700">
            {t('onsite.keptAt', { time: formatDateTime(day.saved_at, locale) })}
          </p>
        )}
      </div>
      {problem && <Alert variant="error">{problem}</Alert>}
      {day === undefined && <LoadingBlock label={t('onsite.loading')} />}
      {day === null && !loading && <EmptyBlock>{t('onsite.nothingKept')}</EmptyBlock>}
      {day && open.length === 0 && <EmptyBlock>{t('onsite.noOpen')}</EmptyBlock>}
      {open.length > 0 && (
        <ul className="space-y-3" aria-label={t('onsite.dayTitle')}>
          {open.map(({ registration: r, inspection: i }) => (
            <li key={i.id} className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="text-lg font-semibold break-words text-slate-900">
                <Link to={`/user/company/onsite/${i.id}`} className={linkClasses}>
                  {t('onsite.inspectionOf', { kind: t(`kind.${i.kind}`), project: r.project_name })}
                </Link>
              </h2>
              <p className="font-mono text-sm text-slate-700">{r.reference_number}</p>
              <p className="text-slate-800">
                <time dateTime={i.scheduled_for}>{formatDateTime(i.scheduled_for, locale)}</time>
              </p>
              {waitingFor(i.id) > 0 && (
                <p className="font-semibold text-amber-900">{t('onsite.waitingFor', { count: waitingFor(i.id) })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </CompanyPage>
  );
}
