import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { FORM_ONE_STEP_COUNT, REGISTRATION_STATUSES, registrationStatusColor } from '@hpbc/shared/form-one-fields';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/cx';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { registrationsQuery } from '../api/registrations';
import { useLang } from '../hooks/use-lang';
import { DeleteDraftButton } from './delete-draft-button';
import { FocusedNotice } from './focused-notice';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { registrationName } from '../registration-name';
import { Panel } from '../../../components/ui/panel';

const dot: Record<string, string> = {
  gray: 'bg-slate-500',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  green: 'bg-green-600',
  red: 'bg-red-600',
};

/** /user/projects/dashboard: counts by status, drafts to resume, and a way to start. */
export function ProjectsDashboard() {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  const query = useQuery(registrationsQuery());
  const list = query.data ?? [];
  const drafts = list.filter((r) => r.status === STATUS.draft).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const returned = list.filter((r) => r.status === STATUS.returned);
  const submitted = list.filter((r) => r.status !== STATUS.draft);
  const counts = Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, list.filter((r) => r.status === s).length]));
  // What was just deleted, said where the deleted row's button was.
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t('area.dashboardTitle')}
        description={t('area.dashboardIntro')}
        actions={
          <>
            <Link to="/form-one?new=1" className={buttonClasses('primary')}>
              {t('area.startNew')}
            </Link>
            <Link to="/user/projects" className={buttonClasses('secondary')}>
              {t('area.viewAll')}
            </Link>
          </>
        }
      />

      {query.isError && (
        <Alert
          variant="error"
          title={t('area.loadFailed')}
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('area.retry')}
            </Button>
          }
        />
      )}

      <Panel headingId="counts-title" title={t('area.counts')} className="space-y-3">
        {query.isPending ? (
          <Skeleton lines={2} />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {REGISTRATION_STATUSES.map((status) => (
              <li
                key={status}
                // Label on top, count at the bottom: counts line up when a label takes two lines.
                className="flex flex-col justify-between rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-status={status}
              >
                <p className="flex items-center gap-2 text-sm text-slate-700">
                  <span
                    aria-hidden="true"
                    className={cx('size-2 rounded-full', dot[registrationStatusColor(status)])}
                  />
                  {t(`status.${status}`)}
                </p>
                <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`count-${status}`}>
                  {formatNumber(counts[status] ?? 0, lang)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      {returned.length > 0 && (
        // What the committee is waiting for comes first.
        <Panel
          headingId="returned-title"
          title={t('area.returned')}
          className="space-y-3"
          intro={t('area.returnedIntro')}
        >
          <ul className="divide-y divide-orange-200 rounded-lg border border-orange-300 bg-orange-50 shadow-sm">
            {returned.map((r) => {
              const name = registrationName(r, t('area.untitled'));
              return (
                <li key={r.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-mono text-sm font-semibold text-slate-900">{r.reference_number}</p>
                    <p className="break-words text-slate-800">{name}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3">
                    <Link
                      to={`/user/projects/${r.id}`}
                      className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
                      aria-label={t('area.readNoteNamed', { name: r.reference_number ?? name })}
                    >
                      {t('area.readNote')}
                    </Link>
                    <Link
                      to={`/form-one?draft=${r.id}&step=1`}
                      className={buttonClasses('primary', 'sm')}
                      aria-label={t('area.makeChangesNamed', { name: r.reference_number ?? name })}
                    >
                      {t('area.makeChanges')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </Panel>
      )}

      <Panel headingId="drafts-title" title={t('area.drafts')} className="space-y-3">
        <FocusedNotice message={notice} onDismiss={() => setNotice(null)} />
        {query.isPending ? (
          <Skeleton lines={3} />
        ) : drafts.length === 0 ? (
          <p className="text-slate-700">{t('area.noDrafts')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {drafts.map((d) => {
              const name = registrationName(d, t('area.untitled'));
              return (
                <li key={d.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold break-words text-slate-900">{name}</p>
                    <p className="text-sm text-slate-600">
                      {t('area.stepReached', { step: d.current_step, total: FORM_ONE_STEP_COUNT })} ·{' '}
                      {t('area.lastSavedAt', { when: formatDateTime(d.updated_at, lang) })}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Link
                      to={`/form-one?draft=${d.id}&step=${d.current_step}`}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={t('area.resumeNamed', { name })}
                    >
                      {t('area.resume')}
                    </Link>
                    <DeleteDraftButton id={d.id} name={name} onDeleted={setNotice} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>

      <Panel headingId="recent-title" title={t('area.recent')} className="space-y-3">
        {query.isPending ? (
          <Skeleton lines={3} />
        ) : submitted.length === 0 ? (
          <p className="text-slate-700">{t('area.noSubmitted')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {submitted.slice(0, 5).map((r) => {
              const name = registrationName(r, t('area.untitled'));
              return (
                <li key={r.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-mono text-sm font-semibold text-slate-900">{r.reference_number}</p>
                    <p className="break-words text-slate-800">{name}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <RegistrationStatusBadge status={r.status} />
                    <Link
                      to={`/user/projects/${r.id}`}
                      className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
                      aria-label={t('area.viewNamed', { name: r.reference_number ?? name })}
                    >
                      {t('area.view')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </div>
  );
}
