import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PRODUCT } from '@hpbc/shared/product';
import { useAuth } from '../../lib/auth/auth-store';
import { cx } from '../../lib/cx';

/** A plain emblem (a tower beside a civic building) drawn in SVG, so no image is fetched. */
function Emblem() {
  return (
    <svg viewBox="0 0 40 40" className="size-10 shrink-0" aria-hidden="true">
      <rect width="40" height="40" rx="8" className="fill-blue-900" />
      <path d="M9 31V19l7-4v16" className="fill-blue-300" />
      <path d="M18 31V9l6-2v24" className="fill-white" />
      <path d="M26 31V16h6v15" className="fill-blue-200" />
      <path d="M7 32h26" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <path d="M20 12h2M20 16h2M20 20h2M20 24h2" stroke="#1e3a8a" strokeWidth="1.5" />
    </svg>
  );
}

interface SiteLogoProps {
  onNavigate?: () => void;
  /** Only the emblem below 640 px, where a header also holds the language switch and the user menu. */
  compactOnPhones?: boolean;
}

/**
 * The emblem and name, a link home: for a visitor the home page; for a signed-in user, whom
 * the home page sends to the dashboard anyway, the dashboard itself. Its accessible name
 * starts with the visible text (WCAG 2.5.3), then says where it leads.
 */
export function SiteLogo({ onNavigate, compactOnPhones = false }: SiteLogoProps) {
  const { t, i18n } = useTranslation();
  const signedIn = useAuth((s) => s.token !== null);
  const full = PRODUCT.full[i18n.language === 'my' ? 'my' : 'en'];
  return (
    <Link
      to={signedIn ? '/user/dashboard' : '/'}
      onClick={onNavigate}
      className={cx(
        'flex items-center gap-3 rounded-md focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-amber-400',
        compactOnPhones ? 'shrink-0' : 'min-w-0',
      )}
    >
      <Emblem />
      <span
        className={cx('min-w-0 flex-col leading-tight', compactOnPhones ? 'sr-only sm:not-sr-only sm:flex' : 'flex')}
      >
        <span className="text-xl font-bold tracking-tight text-blue-950">{PRODUCT.short}</span>
        <span className="sr-only sm:not-sr-only sm:block sm:max-w-72 sm:truncate sm:text-sm sm:text-slate-600 lg:max-w-md">
          {full}
        </span>
      </span>
      <span className="sr-only">, {t(signedIn ? 'nav.logoDashboard' : 'nav.logoHome')}</span>
    </Link>
  );
}
