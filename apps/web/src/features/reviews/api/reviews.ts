import { queryOptions } from '@tanstack/react-query';
import type {
  CountersignPayload,
  Discipline,
  RequestChangesPayload,
  ReviewCommentPayload,
} from '@hpbc/shared/counterpart-review';
import { call } from '../../../lib/api-client';

/** The counterparts' review and the public verification (declared in @hpbc/shared/contract/reviews). */

export const reviewKeys = {
  all: ['reviews'] as const,
  list: () => ['reviews', 'list'] as const,
  detail: (id: number) => ['reviews', 'detail', id] as const,
  verify: (reference: string) => ['verify', reference] as const,
};

export function reviewsQuery() {
  return queryOptions({
    queryKey: reviewKeys.list(),
    queryFn: ({ signal }) => call('GET /api/reviews', { signal }).then((a) => a.data),
    staleTime: 0,
  });
}

export function reviewQuery(id: number) {
  return queryOptions({
    queryKey: reviewKeys.detail(id),
    queryFn: ({ signal }) => call('GET /api/reviews/:id', { params: { id }, signal }).then((a) => a.data),
    staleTime: 0,
    retry: false,
  });
}

export function verifyQuery(reference: string) {
  return queryOptions({
    queryKey: reviewKeys.verify(reference),
    queryFn: ({ signal }) => call('GET /api/verify/:reference', { params: { reference }, signal, auth: false }),
    retry: false,
  });
}

export function addComment(id: number, body: ReviewCommentPayload) {
  return call('POST /api/reviews/:id/comments', { params: { id }, body }).then((a) => a.data);
}

export function requestChanges(id: number, body: RequestChangesPayload) {
  return call('POST /api/reviews/:id/request-changes', { params: { id }, body }).then((a) => a.data);
}

export function countersign(id: number, discipline: Discipline) {
  const body: CountersignPayload = { discipline };
  return call('POST /api/reviews/:id/countersign', { params: { id }, body }).then((a) => a.data);
}
