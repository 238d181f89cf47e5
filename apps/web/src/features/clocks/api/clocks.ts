import { queryOptions } from '@tanstack/react-query';
import type { ClockExtension, RegistrationClock } from '@hpbc/shared/working-days';
import { api } from '../../../lib/api-client';

/** A registration's clock with its extensions; null when it waits on nobody. */
export function registrationClockQuery(id: number) {
  return queryOptions({
    queryKey: ['clocks', 'one', id] as const,
    queryFn: ({ signal }) =>
      api<{ data: RegistrationClock | null }>(`/api/registrations/${id}/clock`, { signal }).then((a) => a.data),
    staleTime: 0,
  });
}

export const requestExtension = (id: number, body: { working_days: number; reason: string }) =>
  api<{ data: ClockExtension }>(`/api/registrations/${id}/extensions`, { method: 'POST', body });

export const decideExtension = (id: number, status: 'granted' | 'refused') =>
  api<{ data: ClockExtension }>(`/api/admin/extensions/${id}`, { method: 'PATCH', body: { status } });
