import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { cx } from '../../../lib/cx';

const SECTIONS = [
  { to: '/admin', key: 'users', end: true },
  { to: '/admin/registrations', key: 'registrations', end: false },
  { to: '/admin/service-requests', key: 'serviceRequests', end: false },
  { to: '/admin/projects', key: 'projects', end: false },
  { to: '/admin/eiet-companies', key: 'eiet', end: false },
  { to: '/admin/pile-companies', key: 'pile', end: false },
  { to: '/admin/recommendations', key: 'recommendations', end: false },
  { to: '/admin/inspection-checklists', key: 'checklists', end: false },
  { to: '/admin/library', key: 'library', end: false },
  { to: '/admin/audit-log', key: 'audit', end: false },
  { to: '/admin/clocks', key: 'clocks', end: false },
  { to: '/admin/concerns', key: 'concerns', end: false },
] as const;

/** The admin area's sections as tabs; the current one is marked with aria-current by NavLink. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <nav aria-label={t('nav.label')} className="border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {SECTIONS.map((s) => (
            <li key={s.key} className="shrink-0">
              <NavLink
                to={s.to}
                end={s.end}
                className={({ isActive }) =>
                  cx(
                    'inline-block border-b-4 px-2 py-2.5 font-semibold whitespace-nowrap sm:px-4',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                    isActive
                      ? 'border-blue-700 text-blue-900'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
                  )
                }
              >
                {t(`nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
