import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PageLoading } from '../components/layouts/page-loading';
import { authStore } from '../lib/auth/auth-store';
import { guard, type RouteAccess } from '../lib/auth/guard';
import { recordId } from '../lib/record-id';
import { withTexts } from './with-texts';

/**
 * What a work page asks the API for first, started by its route's loader (docs/decisions/128)
 * in the query client, which comes with the query layout's code (preloaded with the page).
 * Returns nothing when the address asks for something else than the page's first view (a
 * filter, a later page): the page then asks for it itself, as before.
 */
type PageQueries = (args: LoaderFunctionArgs) => Promise<unknown> | undefined;

/**
 * A lazy page behind the route guard of section 4. The guard runs as the route's loader, so
 * a visitor who may not see the page is redirected before the page is drawn (its code loads
 * alongside: React Router loads a lazy route's code while its loader runs).
 *
 * `queries`: a work page's first queries start beside the profile the guard waits for, rather
 * than one round trip after it, once the page has mounted (issue 31: the review screen's
 * answer was the last link of its chain on a slow phone connection; decision 128). Only with
 * a sign-in kept: without one the guard sends the visitor to log in. A refused query (a role
 * the account lacks: the guard redirects) is only an error in the cache; it changes no sign-in.
 */
export function guarded(access: RouteAccess, route: RouteObject, queries?: PageQueries): RouteObject {
  const check = guard(access);
  const loader = queries
    ? (args: LoaderFunctionArgs) => {
        if (authStore.getState().token) void queries(args)?.catch(() => undefined);
        return check();
      }
    : check;
  return { ...route, loader, HydrateFallback: PageLoading } as RouteObject;
}

/** Only the page's first view: no filter, search or page in the address. */
const firstView = ({ request }: LoaderFunctionArgs) => new URL(request.url).search === '';

const reviewQueries: PageQueries = ({ params }) => {
  const id = recordId(params.id);
  if (id === null) return undefined;
  return Promise.all([import('./query-layout'), import('../features/reviews/api/reviews')]).then(([q, reviews]) =>
    q.startPageQuery(reviews.reviewQuery(id)),
  );
};

const inboxQueries: PageQueries = (args) =>
  Promise.all([import('./query-layout'), import('../features/company/api/company')]).then(([q, company]) =>
    Promise.all([
      q.startPageQuery(company.companyOverviewQuery()),
      firstView(args) ? q.startPageQuery(company.companyRequestsQuery('', 1)) : undefined,
    ]),
  );

const inspectionsQueries: PageQueries = () =>
  Promise.all([import('./query-layout'), import('../features/company/api/company')]).then(([q, company]) =>
    Promise.all([
      q.startPageQuery(company.companyOverviewQuery()),
      q.startPageQuery(company.companyRegistrationsQuery()),
    ]),
  );

const adminQueries: PageQueries = (args) =>
  Promise.all([
    import('./query-layout'),
    import('../features/admin/api/admin-public-data'),
    import('../features/admin/api/admin-users'),
  ]).then(([q, data, users]) =>
    Promise.all([
      q.startPageQuery(data.adminDashboardQuery()),
      firstView(args) ? q.startPageQuery(users.adminUsersQuery('', 1)) : undefined,
    ]),
  );

/** The accounts screens in the public layout (section 2 route table). */
export const accountPublicRoutes: RouteObject[] = [
  guarded({ guest: true }, { path: 'login', lazy: () => import('./routes/login') }),
  guarded({ guest: true }, { path: 'register', lazy: () => import('./routes/register') }),
  guarded({ guest: true }, { path: 'forgot-password', lazy: () => import('./routes/forgot-password') }),
  guarded({ guest: true }, { path: 'reset-password', lazy: () => import('./routes/reset-password') }),
  guarded({ auth: true }, { path: 'verify-email', lazy: () => import('./routes/verify-email') }),
  // The link from the e-mail is open to anyone: it is often opened signed out, on another device.
  { path: 'email/verify/:id/:hash', lazy: () => import('./routes/verify-email'), HydrateFallback: PageLoading },
  // The work pages of issue 31's phone goals load their texts with their code (decision 107).
  guarded(
    { auth: true, admin: true },
    { path: 'admin', lazy: withTexts('admin', () => import('./routes/admin')) },
    adminQueries,
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/registrations', lazy: () => import('./routes/admin-registrations') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/registrations/:id', lazy: () => import('./routes/admin-registration-detail') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/service-requests', lazy: () => import('./routes/admin-service-requests') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/service-requests/:id', lazy: () => import('./routes/admin-service-request-detail') },
  ),
  // The committee's public data and audit log (issue 16).
  guarded({ auth: true, admin: true }, { path: 'admin/projects', lazy: () => import('./routes/admin-projects') }),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/eiet-companies', lazy: () => import('./routes/admin-eiet-companies') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/pile-companies', lazy: () => import('./routes/admin-pile-companies') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/inspection-checklists', lazy: () => import('./routes/admin-inspection-checklists') },
  ),
  guarded(
    { auth: true, admin: true },
    { path: 'admin/recommendations', lazy: () => import('./routes/admin-recommendations') },
  ),
  guarded({ auth: true, admin: true }, { path: 'admin/audit-log', lazy: () => import('./routes/admin-audit-log') }),
  guarded({ auth: true, admin: true }, { path: 'admin/clocks', lazy: () => import('./routes/admin-clocks') }),
  guarded({ auth: true, admin: true }, { path: 'admin/concerns', lazy: () => import('./routes/admin-concerns') }),
  guarded({ auth: true, admin: true }, { path: 'admin/library', lazy: () => import('./routes/admin-library') }),
];

/** Pages inside the user-area layout (/user/...). */
export const accountUserRoutes: RouteObject[] = [
  guarded({ auth: true }, { path: 'dashboard', lazy: () => import('./routes/user-dashboard') }),
  guarded({ auth: true }, { path: 'profile', lazy: () => import('./routes/user-profile') }),
  guarded({ auth: true }, { path: 'profile/edit', lazy: () => import('./routes/user-profile-edit') }),
  // Security (issue 26): every account may add a passkey or an authenticator app.
  guarded({ auth: true }, { path: 'two-factor', lazy: () => import('./routes/user-two-factor') }),
  // In-app notices and the per-kind mail choices (issue 27, item 5).
  guarded({ auth: true }, { path: 'notices', lazy: () => import('./routes/user-notices') }),
  guarded({ auth: true }, { path: 'notices/settings', lazy: () => import('./routes/user-mail-preferences') }),
  guarded({ auth: true, role: 'eiet' }, { path: 'eiet/dashboard', lazy: () => import('./routes/eiet-dashboard') }),
  // Company work areas (issue 13): the server answers 403 to an account with no company, which the pages explain.
  guarded(
    { auth: true },
    {
      path: 'company/requests',
      lazy: withTexts('user/company/requests', () => import('./routes/company-requests')),
    },
    inboxQueries,
  ),
  guarded({ auth: true }, { path: 'company/requests/:id', lazy: () => import('./routes/company-request-detail') }),
  guarded(
    { auth: true },
    {
      path: 'company/inspections',
      lazy: withTexts('user/company/inspections', () => import('./routes/company-inspections')),
    },
    inspectionsQueries,
  ),
  // On site (issue 30): these open with no connection too (the guard lets a kept sign-in in; decision 098).
  guarded({ auth: true, offline: true }, { path: 'company/onsite', lazy: () => import('./routes/company-onsite') }),
  guarded(
    { auth: true, offline: true },
    { path: 'company/onsite/:id', lazy: () => import('./routes/company-onsite-inspection') },
  ),
  guarded(
    { auth: true, role: 'national-counterpart' },
    { path: 'national/dashboard', lazy: () => import('./routes/national-dashboard') },
  ),
  guarded(
    { auth: true, role: 'national-counterpart' },
    {
      path: 'national/reviews/:id',
      lazy: withTexts('user/national/reviews/:id', () => import('./routes/national-review')),
    },
    reviewQueries,
  ),
];
