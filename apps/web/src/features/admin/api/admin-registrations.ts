import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@hpbc/shared';
import type { RegistrationRecord, RegistrationSummary } from '@hpbc/shared/form-one';
import type { ReviewStatus, ReviewStatusChangePayload } from '@hpbc/shared/registration-review';
import { ApiError, call } from '../../../lib/api-client';

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
  const query = { page, per_page: PER_PAGE, status: status || undefined };
  return queryOptions({
    queryKey: [...adminRegistrationKeys.all, 'list', status, page],
    queryFn: ({ signal }): Promise<AdminRegistrationList> => call('GET /api/admin/registrations', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Administrators read a registration through the same endpoint as its owner (docs/api.md). */
export function adminRegistrationQuery(id: number) {
  return queryOptions({
    queryKey: adminRegistrationKeys.detail(id),
    queryFn: ({ signal }): Promise<RegistrationRecord> =>
      call('GET /api/registrations/:id', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function changeRegistrationStatus(id: number, body: { status: string; note: string }) {
  const payload: ReviewStatusChangePayload = { status: body.status as ReviewStatus };
  if (body.note.trim()) payload.note = body.note;
  return call('PATCH /api/admin/registrations/:id/status', { params: { id }, body: payload }).then(
    (a): RegistrationRecord => a.data,
  );
}
