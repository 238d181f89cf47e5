import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';

// Static figures, as the specification says (section 9: "Home page figures are static text").
const STATS = ['projects', 'years', 'compliance', 'active', 'inspections'] as const;

export function HomeStats() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-stats" className="relative mx-auto -mt-14 max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id="home-stats" className="sr-only">
        {t('stats.heading')}
      </h2>
      {/* One-pixel gaps over a grey background draw the rules between figures in every layout. */}
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 shadow-lg sm:grid-cols-5">
        {STATS.map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse justify-end gap-1 bg-white px-4 py-6 text-center last:col-span-2 sm:px-5 sm:last:col-span-1"
          >
            <dt className="text-sm font-medium text-slate-600">{t(`stats.${key}.label`)}</dt>
            <dd className="text-3xl font-bold tracking-tight text-blue-900 lg:text-4xl">{t(`stats.${key}.value`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-right">
        <Link to="/statistics" className="font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950">
          {t('stats.liveLink')}
        </Link>
      </p>
    </section>
  );
}
