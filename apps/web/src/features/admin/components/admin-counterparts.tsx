import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES, type ReviewedRegistration } from '@hpbc/shared/counterpart-review-terms';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { Panel } from '../../../components/ui/panel';

/**
 * The committee's view of the review: each named discipline's counterpart, whether they
 * have an account, and the countersignature's state; the published project once approved.
 */
export function AdminCounterparts({ record, locale }: { record: ReviewedRegistration; locale: Locale }) {
  const { t } = useTranslation('admin');
  const counterparts = record.counterparts ?? [];
  return (
    <Panel headingId="admin-counterparts" title={t('counterparts.title')}>
      {counterparts.length === 0 ? (
        <p className="text-slate-700">{t('counterparts.none')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('counterparts.intro')}</p>
          <ul className="divide-y divide-slate-100" data-testid="admin-counterparts">
            {counterparts.map((c) => {
              const s = c.countersignature;
              return (
                <li
                  key={c.discipline}
                  className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-3"
                  data-discipline={c.discipline}
                >
                  <div>
                    <p className="font-semibold text-slate-900">{DISCIPLINE_TITLES[c.discipline][locale]}</p>
                    <p className="text-sm break-all text-slate-700">{c.email}</p>
                  </div>
                  <div>
                    <span className="sr-only">{t('counterparts.account')}: </span>
                    <StatusBadge color={c.has_account ? 'blue' : 'gray'}>
                      {c.has_account ? t('counterparts.hasAccount') : t('counterparts.noAccount')}
                    </StatusBadge>
                  </div>
                  <div>
                    <span className="sr-only">{t('counterparts.state')}: </span>
                    {!s ? (
                      <StatusBadge color="yellow">{t('counterparts.missing')}</StatusBadge>
                    ) : s.current ? (
                      <StatusBadge color="green" wrap>
                        {t('counterparts.signed', { date: formatDateTime(s.signed_at, locale), name: s.name })}
                      </StatusBadge>
                    ) : (
                      <StatusBadge color="red">{t('counterparts.stale')}</StatusBadge>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {record.reference_number && (
          <Link
            to={`/verify/${record.reference_number}`}
            className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
          >
            {t('counterparts.verify')}
          </Link>
        )}
        {record.project_id && (
          <Link
            to={`/project-detail/${record.project_id}`}
            className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
            data-testid="published-project"
          >
            {t('counterparts.projectLink')}
          </Link>
        )}
      </p>
    </Panel>
  );
}
