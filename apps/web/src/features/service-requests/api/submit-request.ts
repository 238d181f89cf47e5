import { COMPANY_ID_FIELD, type ServiceRequestKind } from '@hpbc/shared/service-request-limits';
import type { ServiceRequestFields } from '@hpbc/shared/service-requests';
import { call, csrfToken } from '../../../lib/api-client';
import { withCsrfRetry } from '../../../lib/csrf-retry';

export interface SubmitRequestInput {
  kind: ServiceRequestKind;
  companyId: number;
  fields: ServiceRequestFields;
  coverLetter: File;
}

const CALLS = { eiet: 'POST /api/eiet-request', pile: 'POST /api/pile-request' } as const;

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
  return withCsrfRetry(send);
}
