import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import i18next from '../lib/i18n';

/** Shows where the router ended up, so a test can assert a redirect by text. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page at {location.pathname}
      {location.search}
    </p>
  );
}

/**
 * Renders a screen at `path` (matching `pattern`) in a memory router with a fresh query
 * client, in the given language; the other routes a screen navigates to show "<name> page".
 */
export async function renderRoute(
  element: ReactNode,
  opts: { path: string; pattern?: string; language?: 'en' | 'my'; routes?: RouteObject[] },
) {
  await i18next.changeLanguage(opts.language ?? 'en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const targets = ['/', '/login', '/user/profile', '/user/dashboard', '/forgot-password', '/register'];
  const router = createMemoryRouter(
    [
      {
        path: opts.pattern ?? opts.path.split('?')[0],
        element: <Suspense fallback={<p>loading</p>}>{element}</Suspense>,
      },
      ...(opts.routes ?? []),
      ...targets
        .filter((t) => t !== (opts.pattern ?? opts.path.split('?')[0]))
        .map((t) => ({ path: t, element: <Landed name={t} /> })),
    ],
    { initialEntries: [opts.path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/**
 * Renders a router (a memory router on `initialEntries`, or with `browser` the page's own
 * URL) with a fresh query client, under one Suspense whose fallback reads "suspended".
 */
export function renderRouter(
  routes: RouteObject[],
  opts: { initialEntries?: string[]; initialIndex?: number; browser?: boolean } = {},
) {
  const router = opts.browser
    ? createBrowserRouter(routes)
    : createMemoryRouter(routes, { initialEntries: opts.initialEntries, initialIndex: opts.initialIndex });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>suspended</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
