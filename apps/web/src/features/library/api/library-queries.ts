import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function librarySearchQuery(q: string) {
  return queryOptions({
    queryKey: ['library', 'search', q],
    queryFn: ({ signal }) => call('GET /api/library/search', { query: { q }, signal }),
    select: (answer) => answer.data,
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
    // A 422 or 429 will not change by asking again at once.
    retry: false,
  });
}
