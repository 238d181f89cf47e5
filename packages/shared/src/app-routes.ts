/**
 * The front end's route table (specification section 2) as path patterns, in one place
 * for both sides: the web app's router is checked against this list by a test
 * (apps/web/src/app/router.test.ts), and the server answers HTTP 404 (with the same app
 * page, which shows its not-found screen) for any GET path that matches none of them, so
 * crawlers and monitors see a missing page as missing.
 *
 * A pattern segment starting with ':' matches any one non-empty segment.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/email/verify/:id/:hash',
  '/terms',
  '/privacy',
  '/contact',
  '/admin',
  '/admin/registrations',
  '/admin/registrations/:id',
  '/admin/service-requests',
  '/admin/service-requests/:id',
  '/admin/projects',
  '/admin/eiet-companies',
  '/admin/pile-companies',
  '/admin/inspection-checklists',
  '/admin/recommendations',
  '/admin/library',
  '/admin/audit-log',
  '/admin/clocks',
  '/admin/concerns',
  '/statistics',
  '/decision-log',
  '/national-counterpart',
  '/recommendation-process',
  '/eiet-list',
  '/pile-company-list',
  '/project-list',
  '/project-detail',
  '/project-detail/:id',
  '/library',
  '/verify/:reference',
  '/form-one',
  '/service-requests/track/:token',
  '/user',
  '/user/dashboard',
  '/user/profile',
  '/user/profile/edit',
  '/user/two-factor',
  '/user/notices',
  '/user/notices/settings',
  '/user/eiet/dashboard',
  '/user/national/dashboard',
  '/user/national/reviews/:id',
  '/user/projects',
  '/user/projects/dashboard',
  '/user/projects/:id',
  '/user/projects/:id/documents',
  '/user/company/requests',
  '/user/company/requests/:id',
  '/user/company/inspections',
  '/user/company/onsite',
  '/user/company/onsite/:id',
] as const;

/**
 * The public pages without a parameter, in the order the sitemap lists them: what anyone may
 * open and a search engine may index (the sitemap, robots.txt; the served title and Open
 * Graph tags of each come from apps/web/src/app/page-meta.ts). Each project's page,
 * `/project-detail/:id`, is added per project.
 */
export const PUBLIC_PAGES = [
  '/',
  '/project-list',
  '/eiet-list',
  '/pile-company-list',
  '/library',
  '/national-counterpart',
  '/recommendation-process',
  '/statistics',
  '/decision-log',
  '/form-one',
  '/contact',
  '/terms',
  '/privacy',
] as const satisfies readonly (typeof APP_ROUTE_PATTERNS)[number][];
export type PublicPage = (typeof PUBLIC_PAGES)[number];

const splitPath = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const COMPILED = APP_ROUTE_PATTERNS.map(splitPath);

/**
 * Whether the front end has a page at this path. Like React Router: a query string is
 * ignored, a trailing slash is allowed, and letters' case does not matter.
 */
export function isAppPath(pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0] ?? '';
  let segments: string[];
  try {
    segments = splitPath(path).map((s) => decodeURIComponent(s));
  } catch {
    return false;
  }
  return COMPILED.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]?.toLowerCase())),
  );
}
