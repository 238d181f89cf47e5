import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PageLoading } from './page-loading';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';
import { SkipLink } from './skip-link';

/** A thin bar at the top while the next page's code loads (the old page stays until then). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-blue-100" aria-hidden="true">
      <div className="h-full w-1/3 animate-[hpbc-progress_1s_ease-in-out_infinite] bg-blue-700" />
    </div>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <SkipLink>{t('app.skipToContent')}</SkipLink>
      <NavigationProgress />
      <SiteNav />
      {/* At least a screen high, so the footer starts below the fold and does not jump
          down when a page's code, texts or data arrive (layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
