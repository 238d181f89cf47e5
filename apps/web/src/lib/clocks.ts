import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationClock } from '@hpbc/shared/working-days';
import { call } from './api-client';

export const clockKeys = {
  all: ['clocks'] as const,
  list: (ids: readonly number[]) => ['clocks', 'list', [...ids].sort((a, b) => a - b).join(',')] as const,
  one: (id: number) => ['clocks', 'one', id] as const,
};

/** The working-day clocks of the listed registrations the caller may see (GET /api/clocks). */
export function clocksQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: clockKeys.list(ids),
    queryFn: ({ signal }) =>
      call('GET /api/clocks', { query: { ids: ids.join(',') }, signal }).then(
        (a) => new Map<number, RegistrationClock>(a.data.map((c) => [c.registration_id, c])),
      ),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/**
 * The clocks of a list's rows, by registration id: every work list shows days left or
 * overdue beside its rows (docs/decisions/077). A list of over 100 rows asks for its first 100.
 */
export function useClocks(ids: readonly number[]): ReadonlyMap<number, RegistrationClock> {
  const query = useQuery(clocksQuery(ids.slice(0, 100)));
  return query.data ?? EMPTY;
}
const EMPTY: ReadonlyMap<number, RegistrationClock> = new Map();
