import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PRODUCT } from '@hpbc/shared/product';
import { toMyanmarDigits } from '../../lib/format';

/** The specification's footer links: Privacy Policy, Terms of Service, Contact. */
const SITE_LINKS = [
  { key: 'footer.privacy', to: '/privacy' },
  { key: 'footer.terms', to: '/terms' },
  { key: 'footer.contact', to: '/contact' },
  { key: 'footer.statistics', to: '/statistics' },
  { key: 'footer.decisionLog', to: '/decision-log' },
];

export function SiteFooter({ now = () => new Date() }: { now?: () => Date }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'my' ? 'my' : 'en';
  // The copyright year follows the clock, as specification section 9 asks.
  const year = now().getFullYear();
  const yearText = locale === 'my' ? toMyanmarDigits(year) : String(year);
  const foundedText = locale === 'my' ? toMyanmarDigits(PRODUCT.founded) : String(PRODUCT.founded);

  return (
    <footer id="site-footer" className="mt-auto border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr] lg:px-8">
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-white">
            {PRODUCT.full[locale]} ({PRODUCT.short})
          </h2>
          <p className="max-w-xl text-sm leading-relaxed text-slate-400">
            {t('footer.about', { formerly: PRODUCT.formerly, year: foundedText })}
          </p>
          <p className="pt-2 text-sm">
            <Link
              to="/library"
              className="text-slate-200 underline underline-offset-4 hover:text-white focus-visible:outline-3 focus-visible:outline-amber-400"
            >
              {t('footer.library')}
            </Link>
          </p>
        </div>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="space-y-2 text-sm">
            {SITE_LINKS.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.to}
                  className="text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-amber-400"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-slate-400 sm:px-6 lg:px-8">
          {t('footer.copyright', { year: yearText, name: PRODUCT.full[locale] })}
        </p>
      </div>
    </footer>
  );
}
