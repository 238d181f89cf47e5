import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import type { FormOneData, RegistrationRecord, RegistrationSummary } from '@hpbc/shared/form-one';
import { api, apiDownload, ApiError, TOKEN_KEY } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** The Form One calls of docs/api.md ("Form One registrations"). */

export interface DraftBody {
  data?: FormOneData;
  current_step?: number;
}

export interface SubmitAnswer {
  data: RegistrationRecord;
  created: boolean;
  message: string;
}

export const registrationKeys = {
  all: ['registrations'] as const,
  list: () => ['registrations', 'list'] as const,
  detail: (id: number) => ['registrations', 'detail', id] as const,
};

export function createRegistration(body: DraftBody): Promise<RegistrationRecord> {
  return api<{ data: RegistrationRecord }>('/api/registrations', { method: 'POST', body }).then((a) => a.data);
}

export function saveRegistrationDraft(id: number, body: DraftBody, signal?: AbortSignal): Promise<RegistrationSummary> {
  return api<{ data: RegistrationSummary }>(`/api/registrations/${id}/draft`, { method: 'PUT', body, signal }).then(
    (a) => a.data,
  );
}

/**
 * The last save as the page goes away (reload, tab closed): a keepalive request outlives
 * the page, and unlike a beacon it can carry the bearer token.
 */
export function saveDraftOnExit(id: number, body: DraftBody): void {
  const token = localStorage.getItem(TOKEN_KEY);
  try {
    void fetch(`/api/registrations/${id}/draft`, {
      method: 'PUT',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Too large for keepalive or no fetch: the local copy below still has the answers.
  }
}

export function submitRegistration(id: number, body: DraftBody): Promise<SubmitAnswer> {
  return api<SubmitAnswer>(`/api/registrations/${id}/submit`, { method: 'POST', body });
}

export function fetchRegistration(id: number, signal?: AbortSignal): Promise<RegistrationRecord> {
  return api<{ data: RegistrationRecord }>(`/api/registrations/${id}`, { signal }).then((a) => a.data);
}

export function fetchRegistrations(signal?: AbortSignal): Promise<RegistrationSummary[]> {
  return api<{ data: RegistrationSummary[] }>('/api/registrations', { signal }).then((a) => a.data);
}

export function deleteRegistration(id: number): Promise<void> {
  return api<void>(`/api/registrations/${id}`, { method: 'DELETE' });
}

export function registrationsQuery() {
  return queryOptions({
    queryKey: registrationKeys.list(),
    queryFn: ({ signal }) => fetchRegistrations(signal),
    staleTime: 0,
  });
}

export function registrationQuery(id: number) {
  return queryOptions({
    queryKey: registrationKeys.detail(id),
    queryFn: ({ signal }) => fetchRegistration(id, signal),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

/**
 * The PDF needs the bearer token, which a plain link cannot carry: it is fetched as a file
 * and handed to the browser as a download.
 */
export async function downloadRegistrationPdf(id: number, fallbackName: string, locale: Locale = currentLanguage()) {
  await apiDownload(`/api/registrations/${id}/pdf?lang=${locale}`, {
    fileName: fallbackName,
    serverName: true,
    locale,
  });
}
