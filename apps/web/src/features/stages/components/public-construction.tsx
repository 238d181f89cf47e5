import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared';
import { INSPECTION_KIND_LABELS, INSPECTION_OUTCOME_INFO } from '@hpbc/shared/company-work-terms';
import {
  CONSTRUCTION_STAGE_LABELS,
  type PublicConstruction as Construction,
} from '@hpbc/shared/construction-stage-terms';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';

/**
 * The public project page's construction (issue 30): the current stage, the stages reported
 * with their dates, the inspections done (date, kind, result), and the way to /verify and its
 * approved drawings. The answer carries no names, notes or remarks, so none can show here.
 */
export function PublicConstruction({ construction: c, locale }: { construction: Construction; locale: Locale }) {
  const { t } = useTranslation('stages');
  const verify = `/verify/${encodeURIComponent(c.reference)}`;
  const date = (d: string) => formatDate(d, locale) ?? d;
  return (
    <section
      aria-labelledby="public-construction"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="public-construction"
    >
      <h2 id="public-construction" className="text-lg font-semibold text-slate-900">
        {t('public.title')}
      </h2>
      <dl className="grid gap-1">
        <dt className="text-sm text-slate-600">{t('public.currentStage')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="current-stage">
          {c.current_stage ? CONSTRUCTION_STAGE_LABELS[c.current_stage][locale] : t('public.noStage')}
        </dd>
      </dl>
      {c.stages.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-slate-900">{t('public.stages')}</h3>
          <ol className="space-y-1">
            {c.stages.map((s) => (
              <li key={s.stage} className="flex flex-wrap gap-x-3">
                <span className="font-medium text-slate-900">{CONSTRUCTION_STAGE_LABELS[s.stage][locale]}</span>
                <time dateTime={s.date} className="text-slate-700">
                  {date(s.date)}
                </time>
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{t('public.inspections')}</h3>
        {c.inspections.length === 0 ? (
          <p className="text-slate-700">{t('public.noInspections')}</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('public.date')}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('public.kind')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('public.outcome')}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.inspections.map((i, n) => (
                <tr key={n} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-900">
                    <time dateTime={i.date}>{date(i.date)}</time>
                  </td>
                  <td className="py-2 pr-3 text-slate-900">{INSPECTION_KIND_LABELS[i.kind][locale]}</td>
                  <td className="py-2">
                    <StatusBadge color={INSPECTION_OUTCOME_INFO[i.outcome].color}>
                      {INSPECTION_OUTCOME_INFO[i.outcome].label[locale]}
                    </StatusBadge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <li>
          <Link to={verify} className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950">
            {t('public.verify')}
          </Link>
        </li>
        <li>
          <Link
            to={`${verify}#verify-documents`}
            className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
          >
            {t('public.approvedSet')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** On /verify: the way to the public project page of an approved registration (issue 28, item 8). */
export function ProjectPageLink({ projectId }: { projectId: number }) {
  const { t } = useTranslation('stages');
  return (
    <p>
      <Link
        to={`/project-detail/${projectId}`}
        className="font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
        data-testid="verify-project-page"
      >
        {t('verify.projectPage')}
      </Link>
    </p>
  );
}
