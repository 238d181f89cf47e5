import { queryOptions } from '@tanstack/react-query';
import type { DecisionEntry } from '@hpbc/shared/decision-log';
import type { Statistics } from '@hpbc/shared/statistics';
import { api } from '../../../lib/api-client';

/** The public statistics (docs/api.md, "Transparency"); no account needed. */
export function statisticsQuery() {
  return queryOptions({
    queryKey: ['statistics'] as const,
    queryFn: ({ signal }) => api<{ data: Statistics }>('/api/statistics', { signal, auth: false }).then((a) => a.data),
  });
}

export function decisionsQuery() {
  return queryOptions({
    queryKey: ['open-data', 'decisions'] as const,
    queryFn: ({ signal }) =>
      api<{ data: DecisionEntry[] }>('/api/open-data/decisions.json', { signal, auth: false }).then((a) => a.data),
  });
}
