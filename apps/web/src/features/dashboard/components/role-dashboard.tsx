import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Panel } from '../../../components/ui/panel';

interface RoleDashboardProps {
  title: string;
  intro: string;
  dutiesTitle: string;
  duties: string[];
  workTitle: string;
  emptyTitle: string;
  emptyText: string;
  /** A related public page. */
  link: { to: string; label: string };
  icon: ReactNode;
}

/**
 * The national-counterpart and EIET dashboards: what the role does, and an honest empty
 * state where its assigned work will appear (the work areas are a later issue).
 */
export function RoleDashboard({
  title,
  intro,
  dutiesTitle,
  duties,
  workTitle,
  emptyTitle,
  emptyText,
  link,
  icon,
}: RoleDashboardProps) {
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-2 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="max-w-3xl text-slate-700">{intro}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <Panel
          headingId="duties"
          title={dutiesTitle}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          headingClassName="text-lg font-semibold text-slate-900"
        >
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800 marker:text-slate-500">
            {duties.map((duty) => (
              <li key={duty}>{duty}</li>
            ))}
          </ol>
          <Link
            to={link.to}
            className="mt-4 inline-block font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950"
          >
            {link.label}
          </Link>
        </Panel>
        <Panel
          headingId="assigned"
          title={workTitle}
          className="space-y-3"
          headingClassName="text-lg font-semibold text-slate-900"
        >
          <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <div
              className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600"
              aria-hidden="true"
            >
              {icon}
            </div>
            <p className="mt-4 text-lg font-semibold text-slate-900">{emptyTitle}</p>
            <p className="mt-1 max-w-md text-slate-700">{emptyText}</p>
          </div>
        </Panel>
      </div>
    </div>
  );
}

/**
 * The dashboard of one role area, from its texts in the `account` namespace
 * (`<area>.title`, `.intro`, `.dutiesTitle`, `.duties`, `.emptyTitle`, `.emptyText`,
 * `.pageTitle`), the key of its work heading and its link.
 */
export function RoleAreaDashboard({
  area,
  workTitleKey,
  link,
  icon,
}: {
  area: 'eiet' | 'national';
  workTitleKey: string;
  link: { to: string; labelKey: string };
  icon: ReactNode;
}) {
  const { t } = useTranslation('account');
  useDocumentTitle(t(`${area}.pageTitle`));
  return (
    <RoleDashboard
      title={t(`${area}.title`)}
      intro={t(`${area}.intro`, { product: PRODUCT.short })}
      dutiesTitle={t(`${area}.dutiesTitle`)}
      duties={t(`${area}.duties`, { returnObjects: true }) as string[]}
      workTitle={t(`${area}.${workTitleKey}`)}
      emptyTitle={t(`${area}.emptyTitle`)}
      emptyText={t(`${area}.emptyText`)}
      link={{ to: link.to, label: t(`${area}.${link.labelKey}`) }}
      icon={icon}
    />
  );
}
