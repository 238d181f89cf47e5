import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CompanyOverview,
  CompanyRegistrationSummary,
  CompanyServiceRequest,
  Inspection,
  InspectionCreatePayload,
  InspectionUpdatePayload,
  Paged,
  ServiceRequestStatus,
  ServiceRequestUpdatePayload,
  TrackedServiceRequest,
} from '@hpbc/shared';
import { api, apiDownload, ApiError } from '../../../lib/api-client';

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export function companyOverviewQuery() {
  return queryOptions({
    queryKey: ['company', 'overview'],
    queryFn: ({ signal }) => api<{ data: CompanyOverview }>('/api/company/overview', { signal }).then((a) => a.data),
    retry: noRetryOn4xx,
  });
}

export function companyRequestsQuery(status: ServiceRequestStatus | '', page: number) {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const qs = query.toString();
  return queryOptions({
    queryKey: ['company', 'requests', status, page],
    queryFn: ({ signal }) =>
      api<Paged<CompanyServiceRequest>>(`/api/company/service-requests${qs ? `?${qs}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function companyRequestQuery(id: number) {
  return queryOptions({
    queryKey: ['company', 'request', id],
    queryFn: ({ signal }) =>
      api<{ data: CompanyServiceRequest }>(`/api/company/service-requests/${id}`, { signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function updateRequest(id: number, body: ServiceRequestUpdatePayload) {
  return api<{ data: CompanyServiceRequest }>(`/api/company/service-requests/${id}`, { method: 'PATCH', body }).then(
    (a) => a.data,
  );
}

export function downloadRequestCoverLetter(id: number, name: string) {
  return apiDownload(`/api/company/service-requests/${id}/cover-letter`, { fileName: name });
}

export function trackingQuery(token: string) {
  return queryOptions({
    queryKey: ['tracking', token],
    queryFn: ({ signal }) =>
      api<{ data: TrackedServiceRequest }>(`/api/service-requests/track/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
      }).then((a) => a.data),
    retry: noRetryOn4xx,
  });
}

export function companyRegistrationsQuery() {
  return queryOptions({
    queryKey: ['company', 'registrations'],
    queryFn: ({ signal }) =>
      api<{ data: CompanyRegistrationSummary[] }>('/api/company/registrations', { signal }).then((a) => a.data),
    staleTime: 0,
    retry: noRetryOn4xx,
  });
}

export function scheduleInspection(registrationId: number, body: InspectionCreatePayload) {
  return api<{ data: Inspection }>(`/api/registrations/${registrationId}/inspections`, { method: 'POST', body }).then(
    (a) => a.data,
  );
}

export function changeInspection(id: number, body: InspectionUpdatePayload) {
  return api<{ data: Inspection }>(`/api/inspections/${id}`, { method: 'PATCH', body }).then((a) => a.data);
}

export function recordResult(id: number, form: FormData) {
  return api<{ data: Inspection }>(`/api/inspections/${id}/result`, { method: 'POST', body: form }).then((a) => a.data);
}

export function downloadReport(inspection: Inspection) {
  return apiDownload(`/api/inspections/${inspection.id}/report`, {
    fileName: inspection.report?.name ?? 'inspection-report.pdf',
  });
}

export function newCalendarUrl() {
  return api<{ data: { url: string } }>('/api/company/calendar', { method: 'POST' }).then((a) => a.data.url);
}
