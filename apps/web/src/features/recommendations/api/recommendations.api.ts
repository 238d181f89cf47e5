import { queryOptions } from '@tanstack/react-query';
import type { Discipline, DisciplineTree } from '@hpbc/shared';
import { api } from '../../../lib/api-client';

export const disciplinesQuery = () =>
  queryOptions({
    queryKey: ['recommendations', 'disciplines'],
    queryFn: async ({ signal }) => {
      const body = await api<{ data: { data: Discipline[] } }>('/api/v1/recommendations/disciplines', { signal });
      // Specification section 2: the buttons are sorted by id, whatever order the server used.
      return [...(body.data?.data ?? [])].sort((a, b) => a.id - b.id);
    },
    staleTime: 5 * 60_000,
  });

export const hierarchyQuery = (disciplineId: number) =>
  queryOptions({
    queryKey: ['recommendations', 'hierarchy', disciplineId],
    queryFn: async ({ signal }) => {
      const body = await api<{ data: { data: DisciplineTree[] } }>(
        `/api/v1/recommendations/hierarchy?discipline_id=${disciplineId}`,
        { signal },
      );
      return body.data?.data ?? [];
    },
    staleTime: 5 * 60_000,
  });
