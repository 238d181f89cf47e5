import { isRouteErrorResponse, useRouteError } from 'react-router';
import i18next from '../../lib/i18n';
import { buttonClasses } from '../ui/button';

/**
 * The route error element. It may show because a page's code failed to load, so it shows both
 * languages at once from the bundled `common` texts and uses plain links (a full page load)
 * rather than the router, which may be what broke.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <div className="space-y-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {(['en', 'my'] as const).map((lng) => {
          const t = i18next.getFixedT(lng, 'common');
          return (
            <section key={lng} lang={lng} className="space-y-2">
              {lng === 'en' ? (
                <h1 className="text-2xl font-bold text-slate-900">
                  {notFound ? t('notFound.title') : t('error.title')}
                </h1>
              ) : (
                <h2 className="text-xl font-bold text-slate-900">
                  {notFound ? t('notFound.title') : t('error.title')}
                </h2>
              )}
              <p className="text-slate-700">{notFound ? t('notFound.body') : t('error.body')}</p>
            </section>
          );
        })}
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          <a href={window.location.href} className={buttonClasses('primary')}>
            {i18next.getFixedT('en', 'common')('error.reload')} ·{' '}
            <span lang="my">{i18next.getFixedT('my', 'common')('error.reload')}</span>
          </a>
          <a href="/" className={buttonClasses('secondary')}>
            {i18next.getFixedT('en', 'common')('notFound.goHome')} ·{' '}
            <span lang="my">{i18next.getFixedT('my', 'common')('notFound.goHome')}</span>
          </a>
        </div>
      </div>
    </div>
  );
}
