import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared';
import { buttonClasses } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { documentsQuery } from '../api/documents';

/** On the registration's page: how many sheets it has, and the way to them. */
export function DocumentsLink({ registrationId, locale }: { registrationId: number; locale: Locale }) {
  const { t } = useTranslation('documents');
  const query = useQuery(documentsQuery(registrationId));
  const current = query.data?.filter((d) => d.status === 'current').length;
  return (
    <section
      aria-labelledby="documents-link"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden"
    >
      <div className="space-y-1">
        <h2 id="documents-link" className="text-lg font-bold text-slate-900">
          {t('page.link')}
        </h2>
        <p className="text-slate-700">
          {t('page.linkIntro')}
          {current !== undefined && (
            <>
              {' '}
              <span className="font-semibold" data-testid="documents-count">
                {t('page.linkCount', { count: current, n: formatNumber(current, locale) })}
              </span>
            </>
          )}
        </p>
      </div>
      <Link to={`/user/projects/${registrationId}/documents`} className={buttonClasses('primary')}>
        {t('page.open')}
      </Link>
    </section>
  );
}
