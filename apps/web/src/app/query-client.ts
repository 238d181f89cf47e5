import { QueryClient, type FetchQueryOptions, type Query, type QueryKey } from '@tanstack/react-query';

/**
 * The API cache (TanStack Query) of the pages that read the API through it: one client for the
 * whole visit, so cached answers survive moving between pages. A module of its own so that a
 * work page's route loader can start the page's first query in it (app/account-routes.tsx)
 * while the layout that provides it (app/query-layout.tsx) is still loading.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** How long an answer the route's loader asked for counts as just asked (docs/decisions/128). */
export const JUST_ASKED_MS = 3_000;

/**
 * A page's first query, started by its route's loader beside the profile the route guard waits
 * for (docs/decisions/128): the answer is then on its way, or there, when the page mounts,
 * instead of being asked for only then. The work pages' lists are asked again whenever a page
 * opens (`staleTime: 0`); the one just asked for as this very page opened is not asked twice,
 * unless something changed it since (invalidated).
 */
export function startPageQuery<T, E, K extends QueryKey>(options: FetchQueryOptions<T, E, T, K>): Promise<void> {
  queryClient.setQueryDefaults(options.queryKey, {
    refetchOnMount: (query: Query) =>
      query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ASKED_MS,
  });
  return queryClient.prefetchQuery(options);
}
