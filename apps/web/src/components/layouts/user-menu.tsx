import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { cx } from '../../lib/cx';
import { useAuth } from '../../lib/auth/auth-store';
import { initials } from '../../lib/auth/initials';
import { useLogout } from '../../lib/auth/use-logout';
import { AccountLinks } from './account-links';
import { useDismiss } from './use-dismiss';

interface UserMenuProps {
  /** Show the name beside the initials (the user area's bar does). */
  showName?: boolean;
  /**
   * Offer Dashboard or Admin Dashboard (the public navigation does). The user area has its
   * own Dashboard link, so there only admins get an entry, to reach /admin from there too.
   */
  showDashboard?: boolean;
  /** Closes other menus (the mobile menu) when a link is followed or on logout. */
  onNavigate?: () => void;
}

const itemClass =
  'block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 ' +
  'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-amber-400';

/**
 * The initials button and its menu (section 2): Your Profile, Dashboard or Admin
 * Dashboard, Logout. A disclosure (button + list of links), so it works with Tab alone;
 * a click outside or Escape closes it.
 */
export function UserMenu({ showName = false, showDashboard = true, onNavigate }: UserMenuProps) {
  const { t } = useTranslation('account');
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = () => setOpen(false);
  const logout = useLogout(() => {
    close();
    onNavigate?.();
  });

  useDismiss(open, setOpen, rootRef, buttonRef, 'pointerdown');

  const name = user?.name ?? '';
  const letters = initials(name, t('menu.fallbackInitials'));
  const followLink = () => {
    close();
    onNavigate?.();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'flex items-center gap-2 rounded-full p-0.5 text-slate-800 hover:bg-slate-100',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
          showName && 'sm:pr-3',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'flex h-9 min-w-9 shrink-0 items-center justify-center rounded-full bg-blue-900 px-1.5 font-semibold whitespace-nowrap text-white',
            letters.length > 2 ? 'text-xs' : 'text-sm',
          )}
        >
          {letters}
        </span>
        {/* No aria-label: the name is the visible text (or, without it, read only), so the button's
            accessible name contains what is shown (WCAG 2.5.3). */}
        {/* On phones the bar also holds the notices bell: the name is read out there, not shown. */}
        <span
          className={showName ? 'sr-only sm:not-sr-only sm:max-w-40 sm:truncate sm:text-sm sm:font-medium' : 'sr-only'}
        >
          {name || letters}
        </span>
        <span className="sr-only"> {t('menu.buttonSuffix')}</span>
        <svg viewBox="0 0 20 20" className="size-4 text-slate-500" aria-hidden="true">
          <path d="M5 8l5 5 5-5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {user && (
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="text-xs text-slate-600">{t('menu.signedInAs')}</p>
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
        )}
        <ul>
          <AccountLinks
            linkClass={itemClass}
            logoutClass={itemClass}
            logoutItemClass="border-t border-slate-100"
            showDashboard={showDashboard}
            onFollow={followLink}
            onLogout={() => void logout()}
          />
        </ul>
      </div>
    </div>
  );
}
