import { useTranslation } from '../../../lib/translation';
import { toMyanmarDigits } from '../../../lib/format';
import { SectionIntro } from './section-intro';

const GUIDELINES = [
  'pileLoadTest',
  'pileDesign',
  'deepExcavation',
  'architectDetail',
  'foundation',
  'superstructure',
  'electrical',
  'acmv',
  'water',
  'inspection',
] as const;

export function GuidelineCards() {
  const { t, i18n } = useTranslation('home');
  const number = (n: number) => {
    const text = String(n).padStart(2, '0');
    return i18n.language === 'my' ? toMyanmarDigits(text) : text;
  };
  return (
    <section aria-labelledby="home-guidelines" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <SectionIntro
          id="home-guidelines"
          heading={t('guidelines.heading')}
          intro={t('guidelines.intro')}
          className="max-w-3xl space-y-4"
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {GUIDELINES.map((key, i) => (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-5 transition-colors hover:border-blue-300"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-sm font-semibold text-blue-800" aria-hidden="true">
                  {number(i + 1)}
                </span>
                <span className="rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
                  {t('guidelines.code')}
                </span>
              </div>
              <h3 className="font-semibold text-slate-900">{t(`guidelines.${key}.name`)}</h3>
              <p className="text-sm leading-relaxed text-slate-600">{t(`guidelines.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
