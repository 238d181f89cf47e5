import { queryOptions } from '@tanstack/react-query';
import type {
  Countersignature,
  Discipline,
  ReviewComment,
  ReviewListItem,
  ReviewedRegistration,
  VerifyAnswer,
} from '@hpbc/shared/counterpart-review';
import { api } from '../../../lib/api-client';

/** The counterparts' review and the public verification (docs/api.md, "The committee's workflow"). */

export const reviewKeys = {
  all: ['reviews'] as const,
  list: () => ['reviews', 'list'] as const,
  detail: (id: number) => ['reviews', 'detail', id] as const,
  verify: (reference: string) => ['verify', reference] as const,
};

export function reviewsQuery() {
  return queryOptions({
    queryKey: reviewKeys.list(),
    queryFn: ({ signal }) => api<{ data: ReviewListItem[] }>('/api/reviews', { signal }).then((a) => a.data),
    staleTime: 0,
  });
}

export function reviewQuery(id: number) {
  return queryOptions({
    queryKey: reviewKeys.detail(id),
    queryFn: ({ signal }) => api<{ data: ReviewedRegistration }>(`/api/reviews/${id}`, { signal }).then((a) => a.data),
    staleTime: 0,
    retry: false,
  });
}

export function verifyQuery(reference: string) {
  return queryOptions({
    queryKey: reviewKeys.verify(reference),
    queryFn: ({ signal }) => api<VerifyAnswer>(`/api/verify/${encodeURIComponent(reference)}`, { signal, auth: false }),
    retry: false,
  });
}

export function addComment(
  id: number,
  body: { discipline: Discipline; field: string | null; text: string },
): Promise<ReviewComment> {
  return api<{ data: ReviewComment }>(`/api/reviews/${id}/comments`, { method: 'POST', body }).then((a) => a.data);
}

export function requestChanges(
  id: number,
  body: { discipline: Discipline; comments: { field: string | null; text: string }[] },
): Promise<ReviewedRegistration> {
  return api<{ data: ReviewedRegistration }>(`/api/reviews/${id}/request-changes`, { method: 'POST', body }).then(
    (a) => a.data,
  );
}

/** Countersigns what was reviewed: `content_sha256` is the hash the screen showed (409 stale if it moved on). */
export function countersign(
  id: number,
  discipline: Discipline,
  contentSha256: string | null,
): Promise<Countersignature> {
  return api<{ data: Countersignature }>(`/api/reviews/${id}/countersign`, {
    method: 'POST',
    body: { discipline, content_sha256: contentSha256 },
  }).then((a) => a.data);
}
