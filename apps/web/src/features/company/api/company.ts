import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Inspection,
  InspectionCreatePayload,
  InspectionUpdatePayload,
  OnsiteRecord,
  ServiceRequestStatus,
  ServiceRequestUpdatePayload,
} from '@hpbc/shared';
import { ApiError, call, download } from '../../../lib/api-client';

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export function companyOverviewQuery() {
  return queryOptions({
    queryKey: ['company', 'overview'],
    queryFn: ({ signal }) => call('GET /api/company/overview', { signal }).then((a) => a.data),
    retry: noRetryOn4xx,
  });
}

export function companyRequestsQuery(status: ServiceRequestStatus | '', page: number) {
  const query = { status: status || undefined, page: page > 1 ? page : undefined };
  return queryOptions({
    queryKey: ['company', 'requests', status, page],
    queryFn: ({ signal }) => call('GET /api/company/service-requests', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function companyRequestQuery(id: number) {
  return queryOptions({
    queryKey: ['company', 'request', id],
    queryFn: ({ signal }) =>
      call('GET /api/company/service-requests/:id', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function updateRequest(id: number, body: ServiceRequestUpdatePayload) {
  return call('PATCH /api/company/service-requests/:id', { params: { id }, body }).then((a) => a.data);
}

export function downloadRequestCoverLetter(id: number, name: string) {
  return download('GET /api/company/service-requests/:id/cover-letter', { params: { id } }, { fileName: name });
}

export function trackingQuery(token: string) {
  return queryOptions({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) =>
      call('GET /api/service-requests/track/:token', { params: { token }, signal, auth: false }).then((a) => a.data),
    retry: noRetryOn4xx,
  });
}

export function companyRegistrationsQuery() {
  return queryOptions({
    queryKey: ['company', 'registrations'],
    queryFn: ({ signal }) => call('GET /api/company/registrations', { signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function scheduleInspection(registrationId: number, body: InspectionCreatePayload) {
  return call('POST /api/registrations/:id/inspections', { params: { id: registrationId }, body }).then((a) => a.data);
}

export function changeInspection(id: number, body: InspectionUpdatePayload) {
  return call('PATCH /api/inspections/:id', { params: { id }, body }).then((a) => a.data);
}

export function recordResult(id: number, form: FormData) {
  return call('POST /api/inspections/:id/result', { params: { id }, body: form }).then((a) => a.data);
}

export function downloadReport(inspection: Inspection) {
  return download(
    'GET /api/inspections/:id/report',
    { params: { id: inspection.id } },
    { fileName: inspection.report?.name ?? 'inspection-report.pdf' },
  );
}

export function newCalendarUrl() {
  return call('POST /api/company/calendar').then((a) => a.data.url);
}

/** The report the portal makes from the on-site record (checklist, remarks, photos), in the reader's language. */
export function downloadOnsiteReport(id: number, locale: string) {
  return download(
    'GET /api/inspections/:id/onsite-report',
    { params: { id } },
    { fileName: `inspection-${id}-report.pdf`, locale },
  );
}

/**
 * What was recorded on site for an inspection. Here rather than beside the on-site pages'
 * offline store: the project page and the inspections screen show the record too and need
 * not load the phone's database code (decisions 107, 108 and 118).
 */
export function onsiteRecord(id: number): Promise<OnsiteRecord> {
  return call('GET /api/inspections/:id/onsite', { params: { id } }).then((a) => a.data);
}
