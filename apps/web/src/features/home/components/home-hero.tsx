import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared/product';
import { buttonClasses } from '../../../components/ui/button';
import { toMyanmarDigits } from '../../../lib/format';

/** Outlines of towers over a drawing grid: a nod to the committee's work, drawn rather than photographed. */
function Skyline() {
  return (
    <svg viewBox="0 0 420 320" className="h-auto w-full" aria-hidden="true" fill="none">
      <defs>
        <pattern id="hero-grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0v20" stroke="white" strokeOpacity="0.07" />
        </pattern>
      </defs>
      <rect width="420" height="320" fill="url(#hero-grid)" />
      <g stroke="white" strokeWidth="1.5" strokeOpacity="0.55">
        <path d="M40 300V170h60v130" />
        <path d="M120 300V60l40-20 40 20v240" />
        <path d="M220 300V120h70v180" />
        <path d="M310 300V200h70v100" />
      </g>
      <g stroke="white" strokeOpacity="0.25">
        {[80, 110, 140, 170, 200, 230, 260].map((y) => (
          <path key={y} d={`M132 ${y}h56`} />
        ))}
        {[145, 175, 205, 235, 265].map((y) => (
          <path key={y} d={`M232 ${y}h46`} />
        ))}
        {[215, 245, 275].map((y) => (
          <path key={y} d={`M322 ${y}h46`} />
        ))}
        <path d="M160 40V20" />
      </g>
      <path d="M20 300h380" stroke="white" strokeOpacity="0.7" strokeWidth="2" />
      <path d="M60 300v14M80 300v14M140 300v18M180 300v18M240 300v14M270 300v14" stroke="#fbbf24" strokeOpacity="0.8" />
    </svg>
  );
}

export function HomeHero() {
  const { t, i18n } = useTranslation('home');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const year = locale === 'my' ? toMyanmarDigits(PRODUCT.founded) : String(PRODUCT.founded);
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden bg-blue-950 text-white">
      <div className="absolute inset-0 bg-gradient-to-br from-blue-950 via-blue-900 to-slate-900" aria-hidden="true" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-14 pb-24 sm:px-6 lg:grid-cols-[3fr_2fr] lg:px-8 lg:pt-20 lg:pb-32">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 py-1 text-sm text-blue-100">
            <span className="size-1.5 rounded-full bg-amber-400" aria-hidden="true" />
            {PRODUCT.full[locale]}
          </p>
          <h1
            id="home-title"
            className="max-w-3xl text-3xl leading-tight font-bold tracking-tight sm:text-4xl lg:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="max-w-2xl text-lg leading-relaxed text-blue-100">{t('hero.lead', { short: PRODUCT.short })}</p>
          <p className="text-sm text-blue-200">{t('hero.history', { formerly: PRODUCT.formerly, year })}</p>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row">
            <Link to="/form-one" className={buttonClasses('accent', 'lg')}>
              {t('hero.primary')}
            </Link>
            <Link to="/project-list" className={buttonClasses('inverse', 'lg')}>
              {t('hero.secondary')}
            </Link>
          </div>
        </div>
        <div className="hidden lg:block">
          <Skyline />
        </div>
      </div>
    </section>
  );
}
