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

/**
 * A work page's intro, which names the company: known once the overview answers. Until then
 * the same sentence holds its place unseen (a stand-in name of a usual length), so the list
 * below does not jump down when the name arrives (issue 31: layout shift ≤ 0.05 on a phone).
 * Nothing when the overview failed, as before.
 */
export function companyIntro(
  overview: { isPending: boolean; data?: { company: { name: string } } },
  text: (company: string) => string,
): ReactNode {
  if (overview.data) return <p>{text(overview.data.company.name)}</p>;
  if (!overview.isPending) return undefined;
  return (
    <p className="invisible" aria-hidden="true">
      {text('Myanmar Engineering Company')}
    </p>
  );
}

export const linkClasses = 'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';
