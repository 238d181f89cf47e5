import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const disciplinesQuery = () =>
  queryOptions({
    queryKey: ['recommendations', 'disciplines'],
    queryFn: async ({ signal }) => {
      const body = await call('GET /api/v1/recommendations/disciplines', { signal });
      // Specification section 2: the buttons are sorted by id, whatever order the server used.
      return [...(body.data?.data ?? [])].sort((a, b) => a.id - b.id);
    },
    staleTime: 5 * 60_000,
  });

export const hierarchyQuery = (disciplineId: number) =>
  queryOptions({
    queryKey: ['recommendations', 'hierarchy', disciplineId],
    queryFn: async ({ signal }) => {
      const body = await call('GET /api/v1/recommendations/hierarchy', {
        query: { discipline_id: disciplineId },
        signal,
      });
      return body.data?.data ?? [];
    },
    staleTime: 5 * 60_000,
  });
