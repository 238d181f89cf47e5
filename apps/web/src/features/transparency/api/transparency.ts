import { queryOptions } from '@tanstack/react-query';
import { call, callUrl } from '../../../lib/api-client';

/** The public statistics and the decision log (declared in @hpbc/shared/contract/transparency); no account needed. */
export function statisticsQuery() {
  return queryOptions({
    queryKey: ['statistics'] as const,
    queryFn: ({ signal }) => call('GET /api/statistics', { signal, auth: false }).then((a) => a.data),
  });
}

export function decisionsQuery() {
  return queryOptions({
    queryKey: ['open-data', 'decisions'] as const,
    queryFn: ({ signal }) => call('GET /api/open-data/decisions.json', { signal, auth: false }).then((a) => a.data),
  });
}

/** The downloads the pages link to. */
export const STATISTICS_CSV_URL = callUrl('GET /api/statistics.csv');
export const DECISIONS_JSON_URL = callUrl('GET /api/open-data/decisions.json');
