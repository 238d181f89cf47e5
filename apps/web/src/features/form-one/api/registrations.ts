import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@hpbc/shared';
import type { FormOneData, RegistrationRecord, RegistrationSummary } from '@hpbc/shared/form-one-fields';
import { ApiError, call, callUrl, download, TOKEN_KEY } from '../../../lib/api-client';
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
  return call('POST /api/registrations', { body }).then((a) => a.data);
}

export function saveRegistrationDraft(id: number, body: DraftBody, signal?: AbortSignal): Promise<RegistrationSummary> {
  return call('PUT /api/registrations/:id/draft', { params: { id }, body, signal }).then((a) => a.data);
}

/**
 * The last save as the page goes away (reload, tab closed): a keepalive request outlives
 * the page, and unlike a beacon it can carry the bearer token.
 */
export function saveDraftOnExit(id: number, body: DraftBody): void {
  const token = localStorage.getItem(TOKEN_KEY);
  try {
    void fetch(callUrl('PUT /api/registrations/:id/draft', { id }), {
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
  return call('POST /api/registrations/:id/submit', { params: { id }, body });
}

export function fetchRegistration(id: number, signal?: AbortSignal): Promise<RegistrationRecord> {
  return call('GET /api/registrations/:id', { params: { id }, signal }).then((a) => a.data);
}

export function fetchRegistrations(signal?: AbortSignal): Promise<RegistrationSummary[]> {
  return call('GET /api/registrations', { signal }).then((a) => a.data);
}

export function deleteRegistration(id: number): Promise<void> {
  return call('DELETE /api/registrations/:id', { params: { id } });
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
  await download(
    'GET /api/registrations/:id/pdf',
    { params: { id }, query: { lang: locale } },
    { fileName: fallbackName, serverName: true, locale },
  );
}
