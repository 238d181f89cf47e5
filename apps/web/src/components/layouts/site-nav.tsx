import { Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { cx } from '../../lib/cx';
import { AccountArea } from './account-area';
import { NoticeBell } from './notice-bell';
import { useAuth } from '../../lib/auth/auth-store';
import { LanguageSwitch } from './language-switch';
import { isActivePath, NAV_ITEMS, type NavItem } from './nav-links';
import { SiteLogo } from './site-logo';
import { useDismiss } from './use-dismiss';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function SiteNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const signedIn = useAuth((s) => s.token !== null);

  // Any navigation (a link, Back, a redirect) closes the menu.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useDismiss(open, setOpen, headerRef, buttonRef, 'mousedown');

  const close = () => setOpen(false);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:h-18 lg:px-8">
        <SiteLogo onNavigate={close} />

        <div className="ml-auto flex shrink-0 items-center gap-3">
          {/* On phones the switch sits in the menu, leaving the bar to the logo and the menu button. */}
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          {signedIn && (
            <Suspense fallback={null}>
              <NoticeBell />
            </Suspense>
          )}
          <div className="hidden shrink-0 lg:block [&_a]:whitespace-nowrap">
            <AccountArea placement="bar" />
          </div>
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => {
              setOpenedAt(pathname);
              setOpen((o) => !o);
            }}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 lg:hidden"
          >
            <MenuIcon open={open} />
            <span>{t('nav.menu')}</span>
          </button>
        </div>
      </div>

      {/* Wide screens: the sections on a row of their own, so long Burmese labels never crowd the logo. */}
      <nav aria-label={t('nav.main')} className="hidden border-t border-slate-100 lg:block">
        <ul className="mx-auto flex max-w-7xl items-stretch gap-1 px-5">
          <NavItemLinks
            items={NAV_ITEMS}
            pathname={pathname}
            classFor={(active) =>
              cx(
                'block border-b-3 px-3 py-3 text-sm font-medium whitespace-nowrap',
                'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-amber-400',
                active
                  ? 'border-blue-800 text-blue-900'
                  : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-950',
              )
            }
          />
        </ul>
      </nav>

      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white shadow-lg lg:hidden">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-4 sm:px-6">
          <nav aria-label={t('nav.main')}>
            <ul className="space-y-1">
              <NavItemLinks
                items={NAV_ITEMS.filter((item) => !item.desktopOnly)}
                pathname={pathname}
                onFollow={close}
                classFor={(active) =>
                  cx(
                    'block rounded-md border-l-4 px-3 py-3 font-medium',
                    'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-400',
                    active
                      ? 'border-blue-800 bg-blue-50 text-blue-900'
                      : 'border-transparent text-slate-800 hover:bg-slate-100',
                  )
                }
              />
            </ul>
          </nav>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4 sm:hidden">
            <span className="text-sm font-medium text-slate-700" aria-hidden="true">
              {t('language.label')}
            </span>
            <LanguageSwitch />
          </div>
          <div className="border-t border-slate-200 pt-4">
            <AccountArea placement="menu" onNavigate={close} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The main navigation's links as list items, the current page marked; `classFor` styles a link by whether it is current. */
function NavItemLinks({
  items,
  pathname,
  classFor,
  onFollow,
}: {
  items: readonly NavItem[];
  pathname: string;
  classFor: (active: boolean) => string;
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onFollow}
              aria-current={active ? 'page' : undefined}
              className={classFor(active)}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        );
      })}
    </>
  );
}
