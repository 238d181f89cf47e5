import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageLoading } from '../components/layouts/page-loading';
import { PublicLayout } from '../components/layouts/public-layout';
import { RouteError } from '../components/layouts/route-error';
import { accountPublicRoutes, accountUserRoutes, guarded } from './account-routes';
import { withTexts } from './with-texts';
import i18next from '../lib/i18n';

/**
 * Pages that read the API through TanStack Query, under the layout route that provides its
 * client. The layout's code loads alongside the page's (and is preloaded with it:
 * page-preloads.ts), so it adds no round trip.
 */
function withQueries(children: RouteObject[]): RouteObject {
  return { lazy: () => import('./query-layout').then(({ Component }) => ({ Component })), children };
}

/** The submitter's area (role project): their Form One registrations. */
const projectAreaRoutes: RouteObject[] = [
  guarded(
    { auth: true, role: 'project' },
    { path: 'projects/dashboard', lazy: () => import('./routes/user-projects-dashboard') },
  ),
  guarded({ auth: true, role: 'project' }, { path: 'projects', lazy: () => import('./routes/user-projects') }),
  guarded(
    { auth: true, role: 'project' },
    { path: 'projects/:id', lazy: () => import('./routes/user-project-detail') },
  ),
  // The design documents beside Form One (issue 25): a first draft's author has no project
  // role yet (it comes with submitting), so any signed-in owner; the API checks ownership.
  guarded({ auth: true }, { path: 'projects/:id/documents', lazy: () => import('./routes/user-project-documents') }),
];

/**
 * The route table of specification section 2. Every page is a lazy route module
 * (app/routes/*.tsx exporting `Component`), so the first page loads only its own code.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors in a page (including its code failing to load) show inside the layout.
        errorElement: <RouteError />,
        // While the first page's code loads, the layout shows with a loading note (as guarded pages do).
        HydrateFallback: PageLoading,
        children: [
          // Section 2: a signed-in user opening home goes to the user dashboard.
          guarded({ guest: true }, { index: true, lazy: withTexts('', () => import('./routes/home')) }),
          withQueries([
            ...accountPublicRoutes,
            { path: 'national-counterpart', lazy: () => import('./routes/national-counterpart') },
            { path: 'recommendation-process', lazy: () => import('./routes/recommendation-process') },
            { path: 'eiet-list', lazy: withTexts('eiet-list', () => import('./routes/eiet-list')) },
            {
              path: 'pile-company-list',
              lazy: withTexts('pile-company-list', () => import('./routes/pile-company-list')),
            },
            { path: 'project-list', lazy: withTexts('project-list', () => import('./routes/project-list')) },
            { path: 'project-detail/:id', lazy: () => import('./routes/project-detail') },
            { path: 'project-detail', lazy: () => import('./routes/project-detail') },
            { path: 'library', lazy: withTexts('library', () => import('./routes/library')) },
            // Public: anyone holding a printed registration checks it here (its QR code's address).
            { path: 'verify/:reference', lazy: () => import('./routes/verify') },
            // Open to visitors: their answers stay in the browser until they sign in to submit.
            { path: 'form-one', lazy: withTexts('form-one', () => import('./routes/form-one')) },
            // The requester's private tracking link from the confirmation e-mail: no account needed.
            { path: 'service-requests/track/:token', lazy: () => import('./routes/service-request-track') },
            { path: 'terms', lazy: () => import('./routes/terms') },
            { path: 'privacy', lazy: () => import('./routes/privacy') },
            { path: 'contact', lazy: () => import('./routes/contact') },
            // Public transparency: the committee's statistics and the decision log anyone can check (issue 27).
            { path: 'statistics', lazy: withTexts('statistics', () => import('./routes/statistics')) },
            { path: 'decision-log', lazy: () => import('./routes/decision-log') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ]),
        ],
      },
    ],
  },
  {
    // The signed-in user area has its own layout (section 2); each page is guarded on its own.
    path: 'user',
    // With its texts ('account'): a layout that suspends on them shows its loading state, and
    // React then holds the page back until 300 ms after that fallback showed (its throttle of
    // Suspense reveals), an idle wait before the page is drawn (issue 31; decision 128).
    lazy: () =>
      Promise.all([import('../components/layouts/user-layout'), i18next.loadNamespaces('account')]).then(([m]) => ({
        Component: m.UserLayout,
      })),
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // /user itself is the dashboard's folder: send it there (its guard then applies).
          { index: true, loader: () => redirect('/user/dashboard') },
          withQueries([
            ...accountUserRoutes,
            ...projectAreaRoutes,
            // An unknown page of the user area: the not-found page, for signed-in users only.
            guarded({ auth: true }, { path: '*', lazy: () => import('./routes/not-found') }),
          ]),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
