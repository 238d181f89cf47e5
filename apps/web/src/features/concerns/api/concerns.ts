import { queryOptions } from '@tanstack/react-query';
import type { ConcernInput } from '@hpbc/shared/concerns';
import { call, csrfToken, download } from '../../../lib/api-client';
import { withCsrfRetry } from '../../../lib/csrf-retry';

/** The public's concerns about a site (declared in @hpbc/shared/contract/concerns). */

export const concernKeys = {
  published: (reference: string) => ['concerns', 'published', reference] as const,
};

export function publishedConcernsQuery(reference: string) {
  return queryOptions({
    queryKey: concernKeys.published(reference),
    queryFn: ({ signal }) =>
      call('GET /api/verify/:reference/concerns', { params: { reference }, signal, auth: false }).then((a) => a.data),
    retry: false,
  });
}

/**
 * No account, the page's CSRF token (a fresh one once after a 419). Sent as multipart, with
 * the optional photo; the form is built per try, as a retry sends the body again.
 */
export const raiseConcern = (reference: string, values: ConcernInput, photo: File | null) =>
  withCsrfRetry(() => {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) if (value) body.append(name, value);
    if (photo) body.append('photo', photo);
    return call('POST /api/verify/:reference/concerns', {
      params: { reference },
      body,
      headers: { 'X-CSRF-TOKEN': csrfToken() },
      auth: false,
    });
  }).then((a) => a.data);

/** The owner's A3 site signboard of an approved project. */
export const downloadSignboard = (id: number, reference: string) =>
  download(
    'GET /api/registrations/:id/signboard.pdf',
    { params: { id } },
    {
      fileName: `signboard-${reference}.pdf`,
      serverName: true,
    },
  );
