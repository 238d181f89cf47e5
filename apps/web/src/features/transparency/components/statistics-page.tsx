import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { NumbersTable, TablePictures } from '../../../components/ui/numbers-table';
import { PageHeader } from '../../../components/ui/page-header';
import { formatNumber, monthLabel } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { STATISTICS_CSV_URL, statisticsQuery } from '../api/transparency';
import { Panel } from '../../../components/ui/panel';
// The charting library (uPlot) is fetched by the charts once shown, with this page only (decision 053).
import StatisticsCharts from './statistics-charts';

/** /statistics: the committee's work of the last 12 months, from live records (docs/decisions/079). */
export function StatisticsPage() {
  const { t, i18n } = useTranslation('transparency');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery(statisticsQuery());
  const n = (v: number) => formatNumber(v, locale);
  const s = query.data;
  const rows = (s?.per_month ?? []).map((m) => ({ ...m, label: monthLabel(m.month, locale) }));
  const days = (v: number | null) => (v === null ? t('stats.none') : t('stats.days', { count: v }));

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('stats.title')} description={t('stats.intro')} />
      {query.isPending && <LoadingBlock label={t('loading')} />}
      {query.isError && (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      )}
      {s && (
        <>
          <dl className="grid gap-4 sm:grid-cols-3" data-testid="statistics-figures">
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{t('stats.toFirstReview')}</dt>
              <dd className="text-3xl font-bold text-blue-900">{days(s.median_working_days.to_first_review)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{t('stats.toDecision')}</dt>
              <dd className="text-3xl font-bold text-blue-900">{days(s.median_working_days.to_decision)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{t('stats.withinTarget')}</dt>
              <dd className="text-3xl font-bold text-blue-900">
                {s.within_target_share === null
                  ? t('stats.none')
                  : t('stats.percent', { value: n(Math.round(s.within_target_share * 100)) })}
              </dd>
            </div>
          </dl>
          <Panel headingId="per-month" title={t('stats.perMonth')} look="part">
            {/* The charts are pictures of the tables below them; screen readers read the tables. */}
            <TablePictures>
              <StatisticsCharts
                rows={rows}
                format={n}
                labels={{
                  registrations: t('stats.registrationsChart'),
                  inspections: t('stats.inspections'),
                  submitted: t('stats.submitted'),
                  approved: t('stats.approved'),
                  returned: t('stats.returned'),
                  notDrawn: t('stats.chartNotDrawn'),
                }}
              />
            </TablePictures>
            <NumbersTable
              summary={t('stats.showRegistrationsTable')}
              caption={t('stats.registrationsChart')}
              columns={[t('stats.month'), t('stats.submitted'), t('stats.approved'), t('stats.returned')]}
              rows={rows.map((r) => [r.label, n(r.submitted), n(r.approved), n(r.returned)])}
            />
            <NumbersTable
              summary={t('stats.showInspectionsTable')}
              caption={t('stats.inspections')}
              columns={[t('stats.month'), t('stats.inspections')]}
              rows={rows.map((r) => [r.label, n(r.inspections)])}
            />
          </Panel>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <a
              href={STATISTICS_CSV_URL}
              download
              className="font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950"
            >
              {t('stats.csv')}
            </a>
            <Link
              to="/decision-log"
              className="font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950"
            >
              {t('stats.decisionLogLink')}
            </Link>
          </div>
          <p className="max-w-3xl text-sm text-slate-700">{t('stats.method')}</p>
        </>
      )}
    </div>
  );
}
