import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { call } from '../../lib/api-client';
import { cx } from '../../lib/cx';
import { localDigits } from '@hpbc/shared';
import { useAuth } from '../../lib/auth/auth-store';
import { NOTICES_CHANGED } from '../../lib/notice-events';
import { useTranslation } from '../../lib/translation';

/** How often the bell counts again while the page stays open. */
const EVERY_MS = 60_000;

/**
 * The bell in the header (issue 27, item 5): a link to the notices page whose name says how
 * many are unread ("Notices, 3 unread"), the number shown on it. It counts when the page
 * opens, on every move to another page, when the window regains focus, once a minute, and
 * when a screen marks notices read. A polite live region tells a screen reader when new
 * notices arrive while the person stays on one page.
 */
export function NoticeBell({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('account');
  const token = useAuth((s) => s.token);
  const { pathname } = useLocation();
  const [unread, setUnread] = useState<number | null>(null);
  const [arrived, setArrived] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const count = () =>
      call('GET /api/notices/unread-count', { signal: controller.signal }).then(
        (a) =>
          setUnread((before) => {
            if (before !== null && a.data.unread > before) setArrived(a.data.unread - before);
            return a.data.unread;
          }),
        () => {},
      );
    void count();
    const timer = setInterval(() => void count(), EVERY_MS);
    window.addEventListener(NOTICES_CHANGED, count);
    window.addEventListener('focus', count);
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener(NOTICES_CHANGED, count);
      window.removeEventListener('focus', count);
    };
  }, [token, pathname]);

  if (!token) return null;
  const n = unread ?? 0;
  const locale = i18n.language === 'my' ? 'my' : 'en';
  // Over 99 the badge shows "99+", and the name says the same: a name that holds the visible
  // text is what speech input users say (axe: label-content-name-mismatch).
  const shown = n > 99 ? `${localDigits(99, locale)}+` : localDigits(n, locale);
  const label = n > 99 ? t('bell.unreadMany', { shown }) : n > 0 ? t('bell.unread', { count: n }) : t('bell.none');
  const current = pathname === '/user/notices';
  return (
    <>
      <Link
        to="/user/notices"
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        data-testid="notice-bell"
        data-unread={n}
        className={cx(
          'relative inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
          className,
        )}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
        </svg>
        {n > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {shown}
          </span>
        )}
      </Link>
      <span role="status" aria-live="polite" className="sr-only">
        {arrived > 0 ? t('bell.arrived', { count: arrived }) : ''}
      </span>
    </>
  );
}
