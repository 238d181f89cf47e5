import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Project } from '@hpbc/shared';
import { Table } from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ProjectStatusBadge } from './project-status-badge';
import { langOf } from '../../../lib/script-lang';

interface ProjectTableProps {
  projects: Project[];
  /** The previous page stays on screen, dimmed, while the next one loads. */
  busy?: boolean;
}

const linkClass =
  'font-semibold text-blue-800 underline decoration-blue-800/30 underline-offset-4 hover:decoration-2 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

/**
 * The nine columns of the specification on wide screens (1024 px and up); on phones and
 * tablets each project is a card, so nothing has to be read by scrolling sideways.
 */
export function ProjectTable({ projects, busy }: ProjectTableProps) {
  const { t } = useTranslation('projects');
  const locale = currentLanguage();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <div aria-busy={busy || undefined} className={busy ? 'opacity-60 transition-opacity' : undefined}>
      <Table caption={t('list.caption')} captionHidden className="hidden lg:block">
        <thead>
          <tr>
            <th scope="col">{t('columns.rn')}</th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.developer')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col" className="text-right">
              {t('columns.basement')}
            </th>
            <th scope="col" className="text-right">
              {t('columns.storey')}
            </th>
            <th scope="col">{t('columns.location')}</th>
            <th scope="col">{t('columns.region')}</th>
            <th scope="col">{t('columns.state')}</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr key={p.id}>
              <td className="whitespace-nowrap tabular-nums">{p.rn_number}</td>
              <td className="min-w-44" lang={langOf(p.project_name)}>
                <Link to={`/project-detail/${p.id}`} className={linkClass}>
                  {p.project_name}
                </Link>
              </td>
              <td className="min-w-36" lang={langOf(p.developer)}>
                {p.developer}
              </td>
              <td>
                <ProjectStatusBadge status={p.status} />
              </td>
              <td className="text-right tabular-nums">{n(p.basement)}</td>
              <td className="text-right tabular-nums">{n(p.storey)}</td>
              <td>{p.location}</td>
              <td className="min-w-32">{p.region}</td>
              <td className="min-w-28">{p.state}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <ul className="grid gap-3 md:grid-cols-2 lg:hidden" aria-label={t('list.caption')}>
        {projects.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={`/project-detail/${p.id}`}
                className={`${linkClass} text-lg leading-snug`}
                lang={langOf(p.project_name)}
              >
                {p.project_name}
              </Link>
              <ProjectStatusBadge status={p.status} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-slate-600">{t('columns.rn')}</dt>
              <dd className="tabular-nums">{p.rn_number}</dd>
              <dt className="text-slate-600">{t('columns.developer')}</dt>
              <dd lang={langOf(p.developer)}>{p.developer}</dd>
              <dt className="text-slate-600">{t('columns.basement')}</dt>
              <dd>{n(p.basement)}</dd>
              <dt className="text-slate-600">{t('columns.storey')}</dt>
              <dd>{n(p.storey)}</dd>
              <dt className="text-slate-600">{t('columns.location')}</dt>
              <dd>{p.location}</dd>
              <dt className="text-slate-600">{t('columns.region')}</dt>
              <dd>{p.region}</dd>
              <dt className="text-slate-600">{t('columns.state')}</dt>
              <dd>{p.state}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
