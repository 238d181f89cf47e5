import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageHeader } from '../../../components/ui/page-header';
import { cx } from '../../../lib/cx';

/** The frame of a company work-area page: its sections' links, a heading, an intro and the content. */
export function CompanyPage({
  title,
  intro,
  before,
  eiet = true,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  before?: ReactNode;
  /** Whether the inspections section is offered (EIET companies only). */
  eiet?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('company');
  const link = ({ isActive }: { isActive: boolean }) =>
    cx(
      'inline-flex min-h-11 items-center rounded-md px-3 font-semibold',
      isActive ? 'bg-blue-50 text-blue-900 ring-1 ring-blue-700/30' : 'text-blue-800 underline underline-offset-4',
    );
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={t('nav.label')} className="flex flex-wrap gap-2">
        <NavLink to="/user/company/requests" className={link}>
          {t('nav.requests')}
        </NavLink>
        {eiet && (
          <NavLink to="/user/company/inspections" className={link}>
            {t('nav.inspections')}
          </NavLink>
        )}
        {eiet && (
          <NavLink to="/user/company/onsite" className={link}>
            {t('nav.onsite')}
          </NavLink>
        )}
      </nav>
      {before}
      <PageHeader title={title} description={intro} />
      {children}
    </div>
  );
}

export const linkClasses = 'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';
