import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Both lists are loaded whole and filtered and paged in the browser (specification section 2). */
export const eietListQuery = () =>
  queryOptions({
    queryKey: ['eiet-list'],
    queryFn: async ({ signal }) => (await call('GET /api/eiet-list', { signal })).eietList ?? [],
  });

export const pileListQuery = () =>
  queryOptions({
    queryKey: ['pile-list'],
    queryFn: async ({ signal }) => (await call('GET /api/pile-list', { signal })).pileList ?? [],
  });
