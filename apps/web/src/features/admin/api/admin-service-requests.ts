import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ServiceRequestRecord } from '@hpbc/shared';
import { api, ApiError, TOKEN_KEY } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export interface AdminServiceRequestList {
  data: ServiceRequestRecord[];
  meta: { total: number; page: number; per_page: number };
}

export function adminServiceRequestsQuery(page: number) {
  return queryOptions({
    queryKey: ['admin', 'service-requests', 'list', page],
    queryFn: ({ signal }) => api<AdminServiceRequestList>(`/api/admin/service-requests?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function adminServiceRequestQuery(id: number) {
  return queryOptions({
    queryKey: ['admin', 'service-requests', 'detail', id],
    queryFn: ({ signal }) =>
      api<{ data: ServiceRequestRecord }>(`/api/admin/service-requests/${id}`, { signal }).then((a) => a.data),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

/**
 * The cover letter needs the bearer token, which a plain link cannot carry: it is fetched
 * as a file and handed to the browser as a download.
 */
export async function downloadCoverLetter(id: number, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLanguage(),
  };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api/admin/service-requests/${id}/cover-letter`, { headers });
  } catch {
    throw new ApiError(0, 'An unexpected error occurred. Please try again.', undefined, undefined);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(res.status, body?.message ?? `Request failed (${res.status}).`, undefined, body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
