import { queryOptions } from '@tanstack/react-query';
import type { Presentation, PresentationAnswerValue, PresentationCreatePayload } from '@hpbc/shared/presentations';
import { call } from '../../../lib/api-client';

/** The designer's presentation (issue 30; declared in @hpbc/shared/contract/presentations). */

export type { Presentation };
export type PresentationsMode = 'owner' | 'counterpart' | 'committee';

export const presentationKeys = {
  of: (mode: PresentationsMode, id: number) => ['presentations', mode, id] as const,
};

/**
 * The page's own answer for the registration (the review's, the owner's), when it has one: it
 * already carries the presentations, so the panel starts from it instead of asking for the same
 * answer again (the review screen asked for it three times on its first load; issue 31).
 * `at`: when that answer arrived (TanStack Query's dataUpdatedAt).
 */
export interface PresentationsSeed {
  status: string;
  presentations: Presentation[];
  at: number;
}

/** The presentations as the registration's answer carries them (a counterpart reads the review's answer). */
export function presentationsQuery(mode: PresentationsMode, id: number, seed?: PresentationsSeed) {
  return queryOptions({
    queryKey: presentationKeys.of(mode, id),
    initialData: () => seed && { status: seed.status, presentations: seed.presentations },
    initialDataUpdatedAt: () => seed?.at,
    queryFn: async ({ signal }) => {
      const record =
        mode === 'counterpart'
          ? (await call('GET /api/reviews/:id', { params: { id }, signal })).data
          : (await call('GET /api/registrations/:id', { params: { id }, signal })).data;
      return { status: record.status, presentations: record.presentations };
    },
  });
}

export const schedulePresentation = (id: number, body: PresentationCreatePayload) =>
  call('POST /api/admin/registrations/:id/presentations', { params: { id }, body }).then((a) => a.data);

export const answerPresentation = (id: number, answer: PresentationAnswerValue) =>
  call('POST /api/presentations/:id/answer', { params: { id }, body: { answer } }).then((a) => a.data);

export const recordMinutes = (id: number, minutes: string) =>
  call('PATCH /api/admin/presentations/:id', { params: { id }, body: { minutes } }).then((a) => a.data);
