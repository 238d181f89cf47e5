import { queryOptions } from '@tanstack/react-query';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import { api } from '../../../lib/api-client';

/** Both lists are loaded whole and filtered and paged in the browser (specification section 2). */
export const eietListQuery = () =>
  queryOptions({
    queryKey: ['eiet-list'],
    queryFn: async ({ signal }) =>
      (await api<{ status: string; eietList: EietCompany[] }>('/api/eiet-list', { signal })).eietList ?? [],
  });

export const pileListQuery = () =>
  queryOptions({
    queryKey: ['pile-list'],
    queryFn: async ({ signal }) =>
      (await api<{ status: string; pileList: PileCompany[] }>('/api/pile-list', { signal })).pileList ?? [],
  });
