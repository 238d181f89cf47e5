import { useTranslation } from '../../../lib/translation';
import { DisciplineIcon } from './discipline-icon';
import { SectionIntro } from './section-intro';

const DISCIPLINES = [
  'geotechnical',
  'architectural',
  'structural',
  'electrical',
  'acmv',
  'water',
  'inspection',
] as const;

export function DisciplinePanel() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-disciplines" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <SectionIntro id="home-disciplines" heading={t('disciplines.heading')} intro={t('disciplines.intro')} />
        <ul className="grid gap-x-8 gap-y-8 sm:grid-cols-2">
          {DISCIPLINES.map((key) => (
            <li key={key} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-800 ring-1 ring-blue-100">
                <DisciplineIcon name={key} />
              </span>
              <div className="min-w-0 space-y-1">
                <h3 className="font-semibold text-slate-900">{t(`disciplines.${key}.name`)}</h3>
                <p className="text-sm leading-relaxed text-slate-600">{t(`disciplines.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
