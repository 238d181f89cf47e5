import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared';
import { formatNumber } from '../../../lib/format';
import { Panel } from '../../../components/ui/panel';

/** The five counterpart types, the rules every one of them meets, and their duties (specification section 2). */
export const COUNTERPART_TYPES = ['architect', 'structural', 'electrical', 'water', 'geotechnical'] as const;
export const QUALIFICATIONS = ['licence', 'degree', 'experience', 'interview', 'guidelines'] as const;
export const DUTIES = ['concept', 'local', 'comment', 'countersign', 'presentation', 'changes'] as const;

/** The page's three boxes: roomier than a Panel's own, with a larger heading. */
const look = {
  className: 'space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6',
  headingClassName: 'text-xl font-bold text-slate-900',
};

export function CounterpartInfo() {
  const { t, i18n } = useTranslation('counterpart');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const product = PRODUCT.short;
  return (
    <div className="space-y-8">
      <Panel {...look} headingId="counterpart-types" title={t('typesHeading')}>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {COUNTERPART_TYPES.map((type, i) => (
            <li key={type} className="flex gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-800 text-sm font-bold text-white"
              >
                {formatNumber(i + 1, locale)}
              </span>
              <span className="font-semibold text-slate-900">{t(`types.${type}`)}</span>
            </li>
          ))}
        </ol>
      </Panel>

      <div className="grid gap-8 lg:grid-cols-2">
        <Panel
          {...look}
          headingId="counterpart-qualifications"
          title={t('qualificationsHeading')}
          intro={t('qualificationsLead')}
        >
          <ul className="list-disc space-y-2 ps-6 text-slate-800 marker:text-blue-800">
            {QUALIFICATIONS.map((q) => (
              <li key={q}>{t(`qualifications.${q}`, { product })}</li>
            ))}
          </ul>
        </Panel>

        <Panel {...look} headingId="counterpart-duties" title={t('dutiesHeading')} intro={t('dutiesLead')}>
          <ol className="list-decimal space-y-2 ps-6 text-slate-800 marker:font-semibold marker:text-blue-800">
            {DUTIES.map((d) => (
              <li key={d}>{t(`duties.${d}`)}</li>
            ))}
          </ol>
        </Panel>
      </div>
    </div>
  );
}
