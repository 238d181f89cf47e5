import { queryOptions } from '@tanstack/react-query';
import { call, fetchFile } from '../../../lib/api-client';

/** The committee's queue of public concerns (declared in @hpbc/shared/contract/concerns). */

export const concernAdminKeys = { all: ['admin', 'concerns'] as const };

export function concernsQuery(page: number, open: boolean) {
  return queryOptions({
    queryKey: [...concernAdminKeys.all, page, open],
    queryFn: ({ signal }) =>
      call('GET /api/admin/concerns', { query: { page: String(page), ...(open ? { open: '1' } : {}) }, signal }),
  });
}

export const answerConcern = (id: number, body: { answer: string; publish: boolean }) =>
  call('POST /api/admin/concerns/:id/answer', { params: { id: String(id) }, body }).then((a) => a.data);

/**
 * A concern's photo (administrators only) as an object URL: an <img> cannot send the token.
 * Dropped from the cache as soon as no card shows it, as the card revokes the URL then.
 */
export function concernPhotoQuery(id: number) {
  return queryOptions({
    queryKey: [...concernAdminKeys.all, 'photo', id],
    queryFn: async () =>
      URL.createObjectURL(await fetchFile('GET /api/admin/concerns/:id/photo', { params: { id: String(id) } })),
    staleTime: Infinity,
    gcTime: 0,
  });
}
