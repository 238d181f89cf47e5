import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

// For the work pages' route loaders (app/account-routes.tsx): the client comes in this chunk,
// not one of its own, so no page loads one more file for it.
export { startPageQuery } from './query-client';

/**
 * The API cache (TanStack Query) for the pages that read the API through it. It is a lazy
 * layout route, not part of the first script, because the home page does not use it: the
 * query client's code is about 7 KiB gzipped (docs/decisions/062). One client for the whole
 * visit (app/query-client.ts), so cached answers survive moving between pages.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
