import { z } from 'zod';
import { idParamsSchema } from '../paging';
import { REVIEW_STATES, countersignSchema, requestChangesSchema, reviewCommentSchema } from '../counterpart-review';
import type { ReviewListItem, VerifyAnswer } from '../counterpart-review';
import { endpoints, type Same } from './endpoint';
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

const counterpart = { role: 'national-counterpart' } as const;
const tags = ['reviews'];
const notFound = { 404: 'No such registration, or not one the caller reviews.' };
const notWaiting = (description: string) =>
  errorWith(description, { reason: z.enum(['status', 'conflict_of_interest']), status: z.string().optional() });

export const reviewListItem = z.object({
  registration: registrationSummary,
  disciplines: z.array(discipline),
  state: z.enum(REVIEW_STATES),
  waiting_since: instant,
});

export const verifyAnswer = z.object({
  reference_number: z.string(),
  project_name: z.string(),
  status: z.string(),
  submitted_at: nullableInstant,
  decided_at: nullableInstant,
  content_sha256: z.string().nullable(),
  countersignatures: z.array(countersignature.extend({ signed_with: signedWith.nullable().optional() })),
  decision: z.object({ status: z.string(), signed_with: signedWith.nullable() }).optional(),
});

export const reviewsEndpoints = endpoints({
  'GET /api/reviews': {
    operationId: 'listReviews',
    summary: 'The registrations waiting for the caller as a national counterpart.',
    tags,
    guard: counterpart,
    answers: { 200: dataOf(z.array(reviewListItem)) },
  },
  'GET /api/reviews/:id': {
    operationId: 'getReview',
    summary: 'One registration under review, with its comments, countersignatures and changes since the last round.',
    tags,
    guard: counterpart,
    params: idParamsSchema,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: notFound,
  },
  'POST /api/reviews/:id/comments': {
    operationId: 'addReviewComment',
    summary: 'Comment on a registration for one of the caller’s disciplines.',
    tags,
    guard: counterpart,
    params: idParamsSchema,
    body: reviewCommentSchema,
    answers: { 201: dataOf(reviewComment) },
    errors: { ...notFound, 409: notWaiting('The registration is not waiting for review (`reason: "status"`).') },
  },
  'POST /api/reviews/:id/request-changes': {
    operationId: 'requestReviewChanges',
    summary: 'Return the registration to its submitter with comments (the counterpart asks for changes).',
    tags,
    guard: counterpart,
    params: idParamsSchema,
    body: requestChangesSchema,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: { ...notFound, 409: notWaiting('The registration is not waiting for review (`reason: "status"`).') },
  },
  'POST /api/reviews/:id/countersign': {
    operationId: 'countersignRegistration',
    summary: 'Countersign the registration’s current content for one discipline.',
    tags,
    guard: counterpart,
    params: idParamsSchema,
    body: countersignSchema,
    answers: { 201: dataOf(countersignature) },
    errors: {
      ...notFound,
      403: stepUpRefused,
      409: notWaiting(
        'Not waiting for review (`reason: "status"`), or a conflict of interest (`reason: "conflict_of_interest"`).',
      ),
    },
  },
  'GET /api/verify/:reference': {
    operationId: 'verifyRegistration',
    summary: 'Check a printed registration by its reference number (public; no contact data).',
    tags: ['verify'],
    params: z.object({ reference: z.string().max(64) }),
    answers: { 200: verifyAnswer },
    errors: { 404: 'No registration has this reference number.' },
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
];
type Assert<T extends true> = T;
