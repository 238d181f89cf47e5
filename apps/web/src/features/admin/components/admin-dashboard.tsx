import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard as Dashboard, Locale } from '@hpbc/shared';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { formatNumber, monthLabel } from '../../../lib/format';
import { NumbersTable, TablePictures } from '../../../components/ui/numbers-table';
import { adminDashboardQuery } from '../api/admin-public-data';
import { Panel } from '../../../components/ui/panel';
// The charting library (uPlot) is fetched by the charts once shown, never with the public pages.
import DashboardCharts from './dashboard-charts';

/** What needs the committee's attention now, and its work over the last 12 months. */
export function AdminDashboard() {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery(adminDashboardQuery());
  const n = (v: number) => formatNumber(v, locale);

  // The dashboard is taller than a screen at every width (six cards, then three charts), so
  // while it loads it holds a screen's height: the accounts below it are never seen first
  // and then pushed away when it arrives (issue 31: layout shift ≤ 0.05; decision 107).
  if (query.isPending)
    return (
      <div className="min-h-svh">
        <LoadingBlock label={t('loading')} />
      </div>
    );
  if (query.isError)
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  const d: Dashboard = query.data.data;
  const items = [
    {
      key: 'registrations',
      value: d.attention.registrations_awaiting_decision,
      to: '/admin/registrations?status=Submitted',
    },
    {
      key: 'overdue',
      value: d.attention.overdue_at_counterpart,
      to: '/admin/registrations?status=Submitted',
    },
    { key: 'requests', value: d.attention.new_service_requests, to: '/admin/service-requests' },
    {
      key: 'eiet',
      value: d.attention.eiet_certificates_expiring,
      to: '/admin/eiet-companies?sort=certificate_expire_date&dir=asc',
    },
    {
      key: 'pile',
      value: d.attention.pile_certificates_expiring,
      to: '/admin/pile-companies?sort=certificate_expire_date&dir=asc',
    },
    { key: 'mail', value: d.attention.failed_mail, to: undefined },
  ] as const;
  const rows = d.months.map((m) => ({ ...m, label: monthLabel(m.month, locale) }));
  // Every month of the twelve, with zeros where no inspection had a result.
  const inspections = d.months.map((m) => {
    const r = d.inspections.find((i) => i.month === m.month)?.results ?? {};
    return {
      label: monthLabel(m.month, locale),
      passed: r.passed ?? 0,
      failed: r.failed ?? 0,
      conditional: r.conditional ?? 0,
    };
  });

  return (
    <div className="space-y-6">
      <Panel headingId="attention-heading" title={t('dashboard.attention')} look="part">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          {items.map((item) => (
            <li
              key={item.key}
              className={
                'rounded-lg border bg-white p-4 shadow-sm ' + (item.value > 0 ? 'border-amber-400' : 'border-slate-200')
              }
            >
              <p className="text-sm text-slate-700">
                <span className="block text-3xl font-bold text-slate-900">{n(item.value)}</span>{' '}
                {t(`dashboard.items.${item.key}`)}
              </p>
              {item.to && item.value > 0 && (
                <Link to={item.to} className="text-sm font-semibold text-blue-800 underline">
                  {t(`dashboard.open.${item.key}`)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </Panel>

      <Panel headingId="work-heading" title={t('dashboard.work')} look="part">
        {/* The charts are pictures of the table below (open it to read the numbers); screen readers skip them. */}
        <TablePictures>
          <DashboardCharts
            rows={rows}
            inspections={inspections}
            labels={{
              inspections: t('dashboard.inspections'),
              passed: t('dashboard.passed'),
              failed: t('dashboard.failed'),
              conditional: t('dashboard.conditional'),
              submitted: t('dashboard.submitted'),
              decided: t('dashboard.decided'),
              median: t('dashboard.medianDays'),
              perMonth: t('dashboard.perMonth'),
              notDrawn: t('dashboard.chartNotDrawn'),
            }}
            format={n}
          />
        </TablePictures>
        <NumbersTable
          summary={t('dashboard.showTable')}
          caption={t('dashboard.tableCaption')}
          columns={[t('dashboard.month'), t('dashboard.submitted'), t('dashboard.decided'), t('dashboard.medianDays')]}
          rows={rows.map((r) => [
            r.label,
            n(r.submitted),
            n(r.decided),
            r.median_days === null ? '—' : n(r.median_days),
          ])}
        />
        <NumbersTable
          summary={t('dashboard.showInspectionsTable')}
          caption={t('dashboard.inspections')}
          columns={[t('dashboard.month'), t('dashboard.passed'), t('dashboard.conditional'), t('dashboard.failed')]}
          rows={inspections.map((r) => [r.label, n(r.passed), n(r.conditional), n(r.failed)])}
        />
      </Panel>
    </div>
  );
}
