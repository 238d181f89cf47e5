import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface VerificationLink {
  id: string;
  hash: string;
  expires: string;
  signature: string;
}

export interface VerificationAnswer {
  verified: boolean;
  already?: boolean;
  message?: string;
}

/** Checks the signed link from the e-mail (docs/api.md); a 403 rejects the query. */
export function verificationQuery(link: VerificationLink) {
  const query = new URLSearchParams({ expires: link.expires, signature: link.signature });
  return queryOptions({
    queryKey: ['email-verification', link.id, link.hash, link.expires, link.signature],
    queryFn: ({ signal }) =>
      api<VerificationAnswer>(
        `/api/user/email/verify/${encodeURIComponent(link.id)}/${encodeURIComponent(link.hash)}?${query}`,
        { signal },
      ),
    retry: false,
    staleTime: Infinity,
  });
}
