import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CompanyServiceRequest, Paged, ServiceRequestStatus } from '@hpbc/shared';
import { ApiError, call, download } from '../../../lib/api-client';

/** A request as the committee sees it: the record, its status and history (the company's answers). */
export type AdminServiceRequest = CompanyServiceRequest;
export type AdminServiceRequestList = Paged<AdminServiceRequest>;

export function adminServiceRequestsQuery(status: ServiceRequestStatus | '', page: number) {
  return queryOptions({
    queryKey: ['admin', 'service-requests', 'list', status, page],
    queryFn: ({ signal }): Promise<AdminServiceRequestList> =>
      call('GET /api/admin/service-requests', { query: { page, status: status || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function adminServiceRequestQuery(id: number) {
  return queryOptions({
    queryKey: ['admin', 'service-requests', 'detail', id],
    queryFn: ({ signal }): Promise<AdminServiceRequest> =>
      call('GET /api/admin/service-requests/:id', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

/**
 * The cover letter needs the bearer token, which a plain link cannot carry: it is fetched
 * as a file and handed to the browser as a download.
 */
export async function downloadCoverLetter(id: number, fallbackName: string): Promise<void> {
  await download('GET /api/admin/service-requests/:id/cover-letter', { params: { id } }, { fileName: fallbackName });
}
