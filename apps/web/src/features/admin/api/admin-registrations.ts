import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@hpbc/shared';
import type { RegistrationRecord, RegistrationSummary } from '@hpbc/shared/form-one';
import { api, ApiError } from '../../../lib/api-client';

export interface AdminRegistrationSummary extends RegistrationSummary {
  owner: { id: number; name: string; email: string };
}

export type AdminRegistrationList = Paged<AdminRegistrationSummary>;

export const PER_PAGE = 25;

export const adminRegistrationKeys = {
  all: ['admin', 'registrations'] as const,
  detail: (id: number) => ['admin', 'registrations', 'detail', id] as const,
};

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export function adminRegistrationsQuery(status: string, page: number) {
  const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
  if (status) params.set('status', status);
  return queryOptions({
    queryKey: [...adminRegistrationKeys.all, 'list', status, page],
    queryFn: ({ signal }) => api<AdminRegistrationList>(`/api/admin/registrations?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Administrators read a registration through the same endpoint as its owner (docs/api.md). */
export function adminRegistrationQuery(id: number) {
  return queryOptions({
    queryKey: adminRegistrationKeys.detail(id),
    queryFn: ({ signal }) =>
      api<{ data: RegistrationRecord }>(`/api/registrations/${id}`, { signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function changeRegistrationStatus(id: number, body: { status: string; note: string }) {
  const payload: { status: string; note?: string } = { status: body.status };
  if (body.note.trim()) payload.note = body.note;
  return api<{ data: RegistrationRecord }>(`/api/admin/registrations/${id}/status`, {
    method: 'PATCH',
    body: payload,
  }).then((a) => a.data);
}
