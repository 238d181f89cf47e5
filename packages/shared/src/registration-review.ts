import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';
import { STATUS, canTransition, transitionsFrom } from './registration-workflow';

/**
 * The committee's review of a submitted Form One registration: which statuses an
 * administrator may set, and from where. One source for the admin screen (which only
 * offers allowed choices) and the API (which refuses the rest with a 409).
 */
export const REVIEW_STATUSES = [STATUS.underReview, STATUS.returned, STATUS.approved, STATUS.rejected] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Statuses whose change must say why, so the submitter knows what to do next. */
export const NOTE_REQUIRED_FOR: readonly ReviewStatus[] = [STATUS.returned, STATUS.rejected];
export const REVIEW_NOTE_MAX = 2000;

/** The statuses a registration in `from` may move to; none from Draft, Returned for changes, Approved or Rejected. */
export function allowedReviewTransitions(from: string): readonly ReviewStatus[] {
  // The committee's moves are rows of the workflow (registration-workflow.ts). A returned
  // registration is the submitter's again: they send it back (resubmit), which makes it Submitted.
  return transitionsFrom(from, 'committee') as ReviewStatus[];
}

export function canChangeReviewStatus(from: string, to: string): boolean {
  return canTransition(from, to, 'committee');
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
export type ReviewStatusChangePayload = z.input<typeof reviewStatusChangeSchema>;
