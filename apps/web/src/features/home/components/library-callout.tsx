import { useTranslation } from '../../../lib/translation';
import { buttonClasses } from '../../../components/ui/button';

function BookIcon() {
  return (
    <svg viewBox="0 0 48 48" className="size-14 shrink-0 text-amber-400" fill="none" aria-hidden="true">
      <path d="M6 10c6-2 12-2 18 2v28c-6-4-12-4-18-2z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M42 10c-6-2-12-2-18 2v28c6-4 12-4 18-2z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path
        d="M11 17c3-.7 6-.4 9 1M11 23c3-.7 6-.4 9 1M28 18c3-1.4 6-1.7 9-1M28 24c3-1.4 6-1.7 9-1"
        stroke="white"
        strokeOpacity=".6"
      />
    </svg>
  );
}

/** The Digital Library button: the specification opens the library in a new tab. */
export function LibraryCallout() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-library" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="flex flex-col gap-6 rounded-2xl bg-slate-900 p-8 text-white shadow-lg sm:p-10 md:flex-row md:items-center">
        <BookIcon />
        <div className="flex-1 space-y-2">
          <h2 id="home-library" className="text-2xl font-bold tracking-tight">
            {t('library.heading')}
          </h2>
          <p className="max-w-2xl leading-relaxed text-slate-300">{t('library.text')}</p>
        </div>
        <a href="/library" target="_blank" rel="noopener" className={buttonClasses('accent', 'lg', 'shrink-0')}>
          {t('library.button')} <span className="sr-only">{t('library.newTab')}</span>
          <svg viewBox="0 0 20 20" className="size-4" fill="none" aria-hidden="true">
            <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </a>
      </div>
    </section>
  );
}
