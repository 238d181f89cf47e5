import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';

/**
 * The committee's review of a submitted Form One registration: which statuses an
 * administrator may set, and from where. One source for the admin screen (which only
 * offers allowed choices) and the API (which refuses the rest with a 409).
 */
export const REVIEW_STATUSES = ['Under Review', 'Returned for changes', 'Approved', 'Rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Statuses whose change must say why, so the submitter knows what to do next. */
export const NOTE_REQUIRED_FOR: readonly ReviewStatus[] = ['Returned for changes', 'Rejected'];
export const REVIEW_NOTE_MAX = 2000;

// A returned registration is the submitter's again: they change it and send it back, which
// makes it Submitted (see the registrations service), so it has no review transition here.
const TRANSITIONS: Record<string, readonly ReviewStatus[]> = {
  Submitted: ['Under Review', 'Returned for changes', 'Rejected'],
  'Under Review': ['Approved', 'Returned for changes', 'Rejected'],
};

/** The statuses a registration in `from` may move to; none from Draft, Returned for changes, Approved or Rejected. */
export function allowedReviewTransitions(from: string): readonly ReviewStatus[] {
  return TRANSITIONS[from] ?? [];
}

export function canChangeReviewStatus(from: string, to: string): boolean {
  return (allowedReviewTransitions(from) as readonly string[]).includes(to);
}

registerFieldLabels({ note: { en: 'note', my: 'မှတ်ချက်' } });

/** PATCH /api/admin/registrations/{id}/status. */
export const reviewStatusChangeSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES, { error: rule('in', 'status') }),
    note: z
      .string({ error: rule('invalid', 'note') })
      .trim()
      .max(REVIEW_NOTE_MAX, rule('max', 'note', REVIEW_NOTE_MAX))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (NOTE_REQUIRED_FOR.includes(v.status) && !v.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: rule('required', 'note') });
    }
  });
export type ReviewStatusChange = z.infer<typeof reviewStatusChangeSchema>;
