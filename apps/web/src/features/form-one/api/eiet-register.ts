import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The public EIET register, for step 1's company choice (issue 13). */
export function eietRegisterQuery() {
  return queryOptions({
    queryKey: ['eiet-list'],
    queryFn: async ({ signal }) => (await call('GET /api/eiet-list', { signal, auth: false })).eietList ?? [],
    staleTime: 10 * 60_000,
  });
}
