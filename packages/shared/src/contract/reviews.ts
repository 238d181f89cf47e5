import { z } from 'zod';
import { idParamsSchema } from '../paging';
import {
  REVIEW_STATES,
  commentAnswerSchema,
  countersignSchema,
  requestChangesSchema,
  reviewCommentSchema,
} from '../counterpart-review';
import type { ReviewListItem, VerifiedDocument, VerifyAnswer, VerifyDocument } from '../counterpart-review';
import { endpoints, type Assert, type Same } from './endpoint';
import { dataOf, errorWith, instant, nullableInstant } from './common';
import { signedWith, stepUpRefused } from './second-factor';
import {
  countersignature,
  discipline,
  registrationSummary,
  reviewComment,
  reviewedRegistration,
} from './registration-answers';

/** The counterparts' review and the public verification (docs/api.md, "The committee's workflow"). */

const tags = ['reviews'];
/** What the counterparts' review calls share (docs/decisions/114-declaration-bases.md). */
export const reviewerBase = { tags, guard: { role: 'national-counterpart' } } as const;
const notFound = { 404: 'No such registration, or not one the caller reviews.' };
const notWaiting = (description: string) =>
  errorWith(description, { reason: z.enum(['status', 'conflict_of_interest']), status: z.string().optional() });

export const reviewListItem = z.object({
  registration: registrationSummary,
  disciplines: z.array(discipline),
  state: z.enum(REVIEW_STATES),
  waiting_since: instant,
});

/** `:id` and `:comment` of a comment's path (each a 404 when not a whole number from 1). */
const commentParams = z.object({ id: idParamsSchema.shape.id, comment: idParamsSchema.shape.id });

export const verifyDocument = z.object({
  discipline,
  number: z.string(),
  title: z.string(),
  revision: z.string(),
  sha256: z.string(),
  approved_sha256: z.string().nullable(),
});

export const verifiedDocument = z.object({ number: z.string(), title: z.string(), revision: z.string(), discipline });

export const verifyAnswer = z.object({
  reference_number: z.string(),
  project_name: z.string(),
  status: z.string(),
  submitted_at: nullableInstant,
  decided_at: nullableInstant,
  content_sha256: z.string().nullable(),
  countersignatures: z.array(countersignature.extend({ signed_with: signedWith.nullable().optional() })),
  documents: z.array(verifyDocument),
  decision: z.object({ status: z.string(), signed_with: signedWith.nullable() }).optional(),
  project_id: z.number().int().nullable().optional(),
});

export const reviewsEndpoints = endpoints({
  'GET /api/reviews': {
    ...reviewerBase,
    operationId: 'listReviews',
    summary: 'The registrations waiting for the caller as a national counterpart.',
    description:
      'Those naming the caller (a discipline’s `national_<discipline>_email`, lower-cased), oldest waiting first; no drafts or rejected ones. `state`: `countersigned` when every discipline naming the caller has a countersignature on the current hash, else `changes_requested` while returned for changes, else `awaiting`.',
    answers: { 200: dataOf(z.array(reviewListItem)) },
  },
  'GET /api/reviews/:id': {
    ...reviewerBase,
    operationId: 'getReview',
    summary: 'One registration under review, with its comments, countersignatures and changes since the last round.',
    params: idParamsSchema,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: notFound,
  },
  'POST /api/reviews/:id/comments': {
    ...reviewerBase,
    operationId: 'addReviewComment',
    summary: 'Comment on a registration for one of the caller’s disciplines.',
    description:
      '`text` 1–5000 after trimming; `field` a Form One field. A pin takes `document_id`, `page`, `x`, `y` together (`x`, `y` 0–1 from the page’s top left) and may cite `clause: {library_id, page}`. The first comment or countersignature moves Submitted to Under Review.',
    params: idParamsSchema,
    body: reviewCommentSchema,
    answers: { 201: dataOf(reviewComment) },
    errors: { ...notFound, 409: notWaiting('The registration is not waiting for review (`reason: "status"`).') },
  },
  'POST /api/reviews/:id/comments/:comment/resolve': {
    ...reviewerBase,
    operationId: 'resolveReviewComment',
    summary: 'Mark a comment of one of the caller’s disciplines resolved.',
    params: commentParams,
    answers: { 200: dataOf(reviewComment) },
    errors: { 404: 'No such registration or comment, or not one of the caller’s disciplines.' },
  },
  'POST /api/registrations/:id/comments/:comment/answer': {
    operationId: 'answerReviewComment',
    summary: 'The submitter answers a comment while the registration is returned for changes.',
    tags,
    guard: 'verified',
    params: commentParams,
    body: commentAnswerSchema,
    answers: { 200: dataOf(reviewComment) },
    errors: {
      404: 'Not the caller’s registration, or no such comment.',
      409: errorWith('The registration is not returned for changes (`reason: "status"`).', {
        reason: z.enum(['status']),
        status: z.string().optional(),
      }),
    },
  },
  'POST /api/reviews/:id/request-changes': {
    ...reviewerBase,
    operationId: 'requestReviewChanges',
    summary: 'Return the registration to its submitter with comments (the counterpart asks for changes).',
    description:
      '1–50 comments; the status becomes Returned for changes with the comments as the history note, and the submitter is mailed.',
    params: idParamsSchema,
    body: requestChangesSchema,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: { ...notFound, 409: notWaiting('The registration is not waiting for review (`reason: "status"`).') },
  },
  'POST /api/reviews/:id/countersign': {
    ...reviewerBase,
    operationId: 'countersignRegistration',
    summary: 'Countersign the registration’s current content for one discipline.',
    description:
      'A legal act (step-up). `content_sha256` is the hash the caller reviewed: SHA-256 of the RFC 8785 JSON of `{data, documents}`. One per discipline (again: replaced). A conflict of interest: the caller owns the registration, or their address is in another e-mail field of Form One. The submitter is mailed.',
    params: idParamsSchema,
    body: countersignSchema,
    answers: { 201: dataOf(countersignature) },
    errors: {
      ...notFound,
      403: {
        ...stepUpRefused,
        description: `${stepUpRefused.description} Also: a discipline that does not name the caller.`,
      },
      409: errorWith(
        'The content changed since the caller reviewed it (`reason: "stale"`, with the current `content_sha256`), not waiting for review (`reason: "status"`), or a conflict of interest (`reason: "conflict_of_interest"`).',
        {
          reason: z.enum(['stale', 'status', 'conflict_of_interest']),
          status: z.string().optional(),
          content_sha256: z.string().optional(),
        },
      ),
    },
  },
  'GET /api/verify/:reference': {
    operationId: 'verifyRegistration',
    summary:
      'Check a printed registration by its reference number (public; no contact data): what was last submitted, without licence numbers once returned or rejected.',
    description:
      'Never a draft of a registration returned for changes. Each countersignature carries `signed_with {method, passkey_name, at}` (or null), and `decision {status, signed_with}` once decided; `documents` lists the approved documents (empty before approval).',
    tags: ['verify'],
    // References are sequential: a limit per address keeps the register from being walked (issue 24, hole 7).
    rateLimit: { max: 30, timeWindow: 60_000, key: 'verify' },
    params: z.object({ reference: z.string().max(64) }),
    answers: { 200: verifyAnswer },
    errors: { 404: 'No registration has this reference number.' },
  },
  'GET /api/verify/:reference/documents/:sha256': {
    operationId: 'verifyDocument',
    summary: 'Whether a PDF someone holds (by its SHA-256) is an approved document of the registration (public).',
    tags: ['verify'],
    params: z.object({ reference: z.string().max(64), sha256: z.string().max(64) }),
    answers: { 200: dataOf(verifiedDocument) },
    errors: { 404: 'No such reference, or the hash is not an approved document’s (original or stamped copy).' },
  },
});

export type Checks = [
  Assert<
    Same<
      z.output<typeof reviewListItem>['registration'],
      Omit<ReviewListItem['registration'], 'status'> & { status: string }
    >
  >,
  Assert<Same<Omit<z.output<typeof reviewListItem>, 'registration'>, Omit<ReviewListItem, 'registration'>>>,
  Assert<Same<z.output<typeof verifyAnswer>, VerifyAnswer>>,
  Assert<Same<z.output<typeof verifyDocument>, VerifyDocument>>,
  Assert<Same<z.output<typeof verifiedDocument>, VerifiedDocument>>,
];
