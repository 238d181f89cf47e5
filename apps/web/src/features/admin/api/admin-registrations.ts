import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@hpbc/shared';
import type { RegistrationRecord } from '@hpbc/shared/form-one-fields';
import type { ReviewStatus, ReviewStatusChangePayload } from '@hpbc/shared/registration-review';
import type { AdminRegistrationRow, CaseNote } from '@hpbc/shared/committee-view';
import { ApiError, call, download } from '../../../lib/api-client';

export type AdminRegistrationSummary = AdminRegistrationRow;

export type AdminRegistrationList = Paged<AdminRegistrationSummary>;

export const PER_PAGE = 25;

export const adminRegistrationKeys = {
  all: ['admin', 'registrations'] as const,
  detail: (id: number) => ['admin', 'registrations', 'detail', id] as const,
};

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** The list's filters: a status and a search text (reference, project, submitter); '' is none. */
export interface AdminRegistrationFilters {
  status: string;
  search: string;
}

const filterQuery = (f: AdminRegistrationFilters) => ({ status: f.status || undefined, search: f.search || undefined });

export function adminRegistrationsQuery(filters: AdminRegistrationFilters, page: number) {
  const query = { page, per_page: PER_PAGE, ...filterQuery(filters) };
  return queryOptions({
    queryKey: [...adminRegistrationKeys.all, 'list', filters.status, filters.search, page],
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

/** Every registration the filters match, as CSV (the server names the file). */
export function downloadRegistrationsCsv(filters: AdminRegistrationFilters) {
  return download(
    'GET /api/admin/registrations.csv',
    { query: filterQuery(filters) },
    { fileName: 'registrations.csv', serverName: true },
  );
}

/** The committee's case notes on a registration (never shown to anyone else). */
export function caseNotesQuery(id: number) {
  return queryOptions({
    queryKey: [...adminRegistrationKeys.detail(id), 'notes'],
    queryFn: ({ signal }): Promise<CaseNote[]> =>
      call('GET /api/admin/registrations/:id/notes', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function addCaseNote(id: number, note: string): Promise<CaseNote> {
  return call('POST /api/admin/registrations/:id/notes', { params: { id }, body: { note } }).then((a) => a.data);
}

export function changeRegistrationStatus(id: number, body: { status: string; note: string }) {
  const payload: ReviewStatusChangePayload = { status: body.status as ReviewStatus };
  if (body.note.trim()) payload.note = body.note;
  return call('PATCH /api/admin/registrations/:id/status', { params: { id }, body: payload }).then(
    (a): RegistrationRecord => a.data,
  );
}
