import { queryOptions } from '@tanstack/react-query';
import type { LibrarySearchHit } from '@hpbc/shared/library-catalogue';
import { api } from '../../../lib/api-client';

export function librarySearchQuery(q: string) {
  return queryOptions({
    queryKey: ['library', 'search', q],
    queryFn: ({ signal }) =>
      api<{ data: LibrarySearchHit[] }>(`/api/library/search?${new URLSearchParams({ q })}`, { signal }),
    select: (answer) => answer.data,
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
    // A 422 or 429 will not change by asking again at once.
    retry: false,
  });
}
