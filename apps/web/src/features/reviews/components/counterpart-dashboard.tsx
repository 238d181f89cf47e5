import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import {
  disciplineList,
  REVIEW_OVERDUE_DAYS,
  daysBetween,
  type ReviewListItem,
  type ReviewState,
} from '@hpbc/shared/counterpart-review-terms';
import type { Locale } from '@hpbc/shared';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { reviewsQuery } from '../api/reviews';
import { useClocks } from '../../../lib/clocks';
import { ClockBadge } from '../../../components/ui/clock-badge';
import type { RegistrationClock } from '@hpbc/shared/working-days';

const GROUPS: { state: ReviewState; title: string; empty: string }[] = [
  { state: 'awaiting', title: 'dashboard.toReview', empty: 'dashboard.toReviewEmpty' },
  { state: 'changes_requested', title: 'dashboard.changesRequested', empty: 'dashboard.changesRequestedEmpty' },
  { state: 'countersigned', title: 'dashboard.countersigned', empty: 'dashboard.countersignedEmpty' },
];

export const isOverdue = (item: ReviewListItem, now: Date) =>
  item.state === 'awaiting' && daysBetween(item.waiting_since, now) > REVIEW_OVERDUE_DAYS;

/** Pending and overdue reviews, for the dashboard card. */
export function reviewFigures(items: readonly ReviewListItem[], now = new Date()) {
  const pending = items.filter((i) => i.state === 'awaiting');
  return { pending: pending.length, overdue: pending.filter((i) => isOverdue(i, now)).length };
}

function ReviewRow({
  item,
  locale,
  now,
  clock,
}: {
  item: ReviewListItem;
  locale: Locale;
  now: Date;
  clock?: RegistrationClock;
}) {
  const { t } = useTranslation('reviews');
  const days = daysBetween(item.waiting_since, now);
  const overdue = isOverdue(item, now);
  const r = item.registration;
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-review={r.id}
    >
      <div className="min-w-0 space-y-1">
        <Link
          to={`/user/national/reviews/${r.id}`}
          className="text-lg font-semibold break-words text-blue-800 underline underline-offset-4 hover:text-blue-950"
        >
          {r.project_name || r.reference_number}
        </Link>
        <p className="font-mono text-sm text-slate-700">{r.reference_number}</p>
        <p className="text-sm text-slate-700">
          <span className="sr-only">{t('dashboard.disciplines')}: </span>
          {disciplineList(item.disciplines, locale)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <RegistrationStatusBadge status={r.status} />
        <span className="text-sm text-slate-800">
          <time dateTime={item.waiting_since}>
            {item.state === 'countersigned'
              ? t('dashboard.signedOn', { date: formatDate(item.waiting_since, locale) })
              : t('dashboard.daysWaiting', { count: days })}
          </time>
        </span>
        {item.state === 'awaiting' && clock ? (
          <ClockBadge clock={clock} />
        ) : (
          overdue && <StatusBadge color="red">{t('dashboard.overdueBadge')}</StatusBadge>
        )}
      </div>
    </li>
  );
}

/** /user/national/dashboard: the registrations naming the counterpart, grouped by what awaits them. */
export function CounterpartDashboard() {
  const { t, i18n } = useTranslation('reviews');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('dashboard.pageTitle'));
  const query = useQuery(reviewsQuery());
  const now = new Date();
  const items = query.data ?? [];
  const figures = reviewFigures(items, now);
  const clocks = useClocks(items.map((i) => i.registration.id));

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-2 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('dashboard.title')}</h1>
        <p className="max-w-3xl text-slate-700">{t('dashboard.intro', { days: REVIEW_OVERDUE_DAYS })}</p>
        <Link
          to="/national-counterpart"
          className="inline-block font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950"
        >
          {t('dashboard.rulesLink')}
        </Link>
      </header>
      {query.isPending && <LoadingBlock label={t('dashboard.loading')} />}
      {query.isError && (
        <LoadFailed
          message={t('dashboard.loadFailed')}
          retryLabel={t('dashboard.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && (
        <>
          <dl className="grid max-w-md grid-cols-2 gap-4" data-testid="review-figures">
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{t('dashboard.pending')}</dt>
              <dd className="text-3xl font-bold text-slate-900">{formatNumber(figures.pending, locale)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-700">{t('dashboard.overdue')}</dt>
              <dd className={figures.overdue ? 'text-3xl font-bold text-red-800' : 'text-3xl font-bold text-slate-900'}>
                {formatNumber(figures.overdue, locale)}
              </dd>
            </div>
          </dl>
          {GROUPS.map((g) => {
            const group = items.filter((i) => i.state === g.state);
            return (
              <section key={g.state} aria-labelledby={`group-${g.state}`} className="space-y-3">
                <h2 id={`group-${g.state}`} className="text-xl font-bold text-slate-900">
                  {t(g.title)} <span className="text-slate-600">({formatNumber(group.length, locale)})</span>
                </h2>
                {group.length === 0 ? (
                  <EmptyBlock>{t(g.empty)}</EmptyBlock>
                ) : (
                  <ul className="space-y-3">
                    {group.map((item) => (
                      <ReviewRow
                        key={item.registration.id}
                        item={item}
                        locale={locale}
                        now={now}
                        clock={clocks.get(item.registration.id)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
