import { COMPANY_ID_FIELD, type ServiceRequestKind } from '@hpbc/shared/service-request-limits';
import type { ServiceRequestFields } from '@hpbc/shared/service-requests';
import { ApiError, call, csrfToken } from '../../../lib/api-client';

export interface SubmitRequestInput {
  kind: ServiceRequestKind;
  companyId: number;
  fields: ServiceRequestFields;
  coverLetter: File;
}

const CALLS = { eiet: 'POST /api/eiet-request', pile: 'POST /api/pile-request' } as const;

/**
 * The page's CSRF token belongs to a cookie; when the cookie is gone (cleared, or the page
 * was kept open across a server key change) the server answers 419. A fresh copy of the
 * page carries a new pair, so the request can be retried without losing what was typed.
 */
async function refreshCsrfToken(): Promise<boolean> {
  try {
    const res = await fetch(window.location.pathname, { headers: { Accept: 'text/html' }, cache: 'no-store' });
    const html = await res.text();
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
    if (!token) return false;
    document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends a request as multipart/form-data with the X-CSRF-TOKEN header and no bearer
 * token (specification sections 6 and 7).
 */
export async function submitServiceRequest(
  input: SubmitRequestInput,
): Promise<{ status: string; message: string; reference?: string }> {
  const send = () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(input.fields)) form.append(key, value);
    form.append(COMPANY_ID_FIELD[input.kind], String(input.companyId));
    form.append('cover_letter', input.coverLetter, input.coverLetter.name);
    return call(CALLS[input.kind], { body: form, headers: { 'X-CSRF-TOKEN': csrfToken() }, auth: false });
  };
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 419 && (await refreshCsrfToken())) return send();
    throw error;
  }
}
