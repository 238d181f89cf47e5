import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

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
  return queryOptions({
    queryKey: ['email-verification', link.id, link.hash, link.expires, link.signature],
    queryFn: ({ signal }): Promise<VerificationAnswer> =>
      call('GET /api/user/email/verify/:id/:hash', {
        params: { id: link.id, hash: link.hash },
        query: { expires: link.expires, signature: link.signature },
        signal,
      }),
    retry: false,
    staleTime: Infinity,
  });
}
