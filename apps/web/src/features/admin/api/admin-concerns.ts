import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

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
