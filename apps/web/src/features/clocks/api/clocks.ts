import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A registration's clock with its extensions (declared in @hpbc/shared/contract/clocks); null when it waits on nobody. */
export function registrationClockQuery(id: number) {
  return queryOptions({
    queryKey: ['clocks', 'one', id] as const,
    queryFn: ({ signal }) => call('GET /api/registrations/:id/clock', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
  });
}

export const requestExtension = (id: number, body: { working_days: number; reason: string }) =>
  call('POST /api/registrations/:id/extensions', { params: { id }, body });

export const decideExtension = (id: number, status: 'granted' | 'refused') =>
  call('PATCH /api/admin/extensions/:id', { params: { id }, body: { status } });
