import { Suspense, useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../../lib/translation';
import type { BadgeColor } from '@hpbc/shared';
import { authStore, useAuth } from '../../lib/auth/auth-store';
import { cx } from '../../lib/cx';
import { Alert } from '../ui/alert';
import { buttonClasses } from '../ui/button';
import { StatusBadge } from '../ui/status-badge';
import { LanguageSwitch } from './language-switch';
import { isActivePath, NAV_ITEMS } from './nav-links';
import { PageLoading } from './page-loading';
import { SiteFooter } from './site-footer';
import { SiteLogo } from './site-logo';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';
import { NoticeBell } from './notice-bell';

const COLORS: readonly string[] = ['yellow', 'blue', 'green', 'red', 'gray'];

/** GET /api/user/status as chips: each a key, a label and one of five colours (section 2). */
function StatusChips() {
  const { t } = useTranslation('account');
  const status = useAuth((s) => s.status);
  const entries = Object.entries(status ?? {});
  if (entries.length === 0) return null;
  return (
    // One line on a phone, scrolled sideways inside itself (focusable, so a keyboard can
    // scroll it), so the signed-in chrome stays under a quarter of the screen (issue 28, item 9).
    <ul
      aria-label={t('userArea.statusLabel')}
      // A region that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="-mx-1 flex items-center gap-2 overflow-x-auto px-1 py-0.5 focus-visible:outline-3 focus-visible:outline-amber-400 sm:flex-wrap sm:overflow-visible"
    >
      {entries.map(([key, chip]) => (
        <li key={key} data-status-key={key} className="shrink-0">
          <StatusBadge color={(COLORS.includes(chip.color) ? chip.color : 'gray') as BadgeColor}>
            {chip.label}
          </StatusBadge>
        </li>
      ))}
    </ul>
  );
}

/** Shown in place of a page when the login ended while the user was here (a 401 cleared it). */
function SessionEnded() {
  const { t } = useTranslation('account');
  // An administrator deactivated the account: say so, not only that the session ended.
  const deactivated = useAuth((s) => s.deactivated);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Alert
        variant={deactivated ? 'error' : 'warning'}
        title={t(deactivated ? 'userArea.deactivatedTitle' : 'userArea.sessionEndedTitle')}
        action={
          <Link to="/login" className={buttonClasses('primary', 'sm')}>
            {t('userArea.goToLogin')}
          </Link>
        }
      >
        {t(deactivated ? 'userArea.deactivated' : 'userArea.sessionEnded')}
      </Alert>
    </div>
  );
}

/**
 * The signed-in user area's own layout (section 2): a top bar labelled 'User Dashboard',
 * the status chips, a Dashboard link and the user menu. Every /user/* page sits in it.
 */
export function UserLayout() {
  // Its texts load with it; until then the bundled loading state shows.
  return (
    <Suspense fallback={<PageLoading />}>
      <UserArea />
    </Suspense>
  );
}

/** The public site's sections, so a signed-in user can reach them from the user area too. */
function SiteSections() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.main')} className="border-t border-slate-100">
      {/* One line on a phone, scrolled sideways inside itself; wrapped on wider screens. */}
      <ul className="mx-auto flex max-w-7xl gap-x-1 overflow-x-auto px-2 sm:flex-wrap sm:overflow-visible sm:px-4 lg:px-6">
        {NAV_ITEMS.map((item) => (
          <li key={item.to} className="shrink-0">
            <Link
              to={item.to}
              aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
              className={cx(
                'block rounded px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 underline-offset-4 hover:text-slate-950 hover:underline',
                'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-amber-400',
              )}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function UserArea() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const token = useAuth((s) => s.token);
  const hasStatus = useAuth((s) => s.status !== null);

  useEffect(() => {
    if (token && !hasStatus) authStore.fetchStatus().catch(() => {});
  }, [token, hasStatus]);

  const onDashboard = pathname === '/user/dashboard';
  // A 401 ends the login while a page is open; pages that explain that themselves say so in their handle.
  const pageHandlesSignOut = useMatches().some(
    (m) => (m.handle as { handlesSignOut?: boolean } | undefined)?.handlesSignOut,
  );

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <SkipLink>{t('userArea.skip')}</SkipLink>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
          <SiteLogo compactOnPhones />
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <LanguageSwitch />
            {token && <NoticeBell />}
            {token && <UserMenu showName showDashboard={false} />}
          </div>
        </div>
        <SiteSections />
        <div className="border-t border-slate-200 bg-blue-950 text-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
            <p className="font-semibold">{t('userArea.title')}</p>
            <nav aria-label={t('userArea.title')}>
              <Link
                to="/user/dashboard"
                aria-current={onDashboard ? 'page' : undefined}
                className={cx(
                  'rounded px-2 py-1 text-sm font-medium underline-offset-4 hover:underline',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                  onDashboard ? 'bg-white/15' : 'text-blue-100',
                )}
              >
                {t('userArea.dashboardLink')}
              </Link>
            </nav>
            <div className="w-full min-w-0 sm:ml-auto sm:w-auto">
              <StatusChips />
            </div>
          </div>
        </div>
      </header>
      {/* At least a screen high, so the footer starts below the fold and does not jump
          down when a page's code, texts or data arrive (layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        {token || pageHandlesSignOut ? (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        ) : (
          <Suspense fallback={null}>
            <SessionEnded />
          </Suspense>
        )}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
