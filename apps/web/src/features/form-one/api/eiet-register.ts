import { queryOptions } from '@tanstack/react-query';
import type { EietCompany } from '@hpbc/shared';
import { api } from '../../../lib/api-client';

/** The public EIET register, for step 1's company choice (issue 13). */
export function eietRegisterQuery() {
  return queryOptions({
    queryKey: ['eiet-list'],
    queryFn: async ({ signal }) =>
      (await api<{ status: string; eietList: EietCompany[] }>('/api/eiet-list', { signal, auth: false })).eietList ??
      [],
    staleTime: 10 * 60_000,
  });
}
