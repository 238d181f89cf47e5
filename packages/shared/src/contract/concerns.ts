import { z } from 'zod';
import { idParamsSchema } from '../paging';
import {
  CONCERN_PHOTO_MAX_BYTES,
  CONCERN_RATE_LIMIT,
  concernAnswerSchema,
  concernListQuerySchema,
  concernSchema,
  type PublicConcern,
  type QueuedConcern,
} from '../concerns';
import { endpoints, fileAnswer, multipart, type Assert, type Same } from './endpoint';
import { dataOf, errorWith, instant, nullableInstant, pagedOf } from './common';
import { registrationClock } from './clocks';

/** The site signboard and the public's concerns (docs/decisions/089-site-signboard-and-public-concerns.md). */

const reference = z.object({ reference: z.string().max(64) });

export const publicConcern = z.object({
  id: z.number().int(),
  message: z.string(),
  received_at: instant,
  answer: z.string(),
  answered_at: instant,
});

export const queuedConcern = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  reference_number: z.string(),
  project_name: z.string(),
  message: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  received_at: instant,
  answer: z.string().nullable(),
  answered_at: nullableInstant,
  published: z.boolean(),
  has_photo: z.boolean().describe('A photo came with it (GET /api/admin/concerns/{id}/photo).'),
  clock: registrationClock.shape.clock.nullable().describe('The working-day clock while unanswered.'),
});

/** What the committee's calls share (docs/decisions/114-declaration-bases.md). */
const committeeBase = { tags: ['concerns'], guard: 'admin' } as const;

const notApproved = errorWith('The project is not approved (`reason: "not_approved"`).', {
  reason: z.enum(['not_approved']),
});

export const concernsEndpoints = endpoints({
  'GET /api/registrations/:id/signboard.pdf': {
    operationId: 'downloadSignboard',
    summary: 'The A3 site signboard of the owner’s approved project (in the language of Accept-Language).',
    tags: ['signboard'],
    guard: 'verified',
    params: idParamsSchema,
    answers: { 200: fileAnswer('application/pdf', 'The signboard, A3 portrait, tagged.') },
    errors: { 404: 'No such registration, or not the caller’s.', 409: notApproved },
    headers: { 'Content-Disposition': { description: 'attachment; the reference in the file name.', required: true } },
  },
  'GET /api/verify/:reference/concerns': {
    operationId: 'listPublicConcerns',
    summary: 'The answered concerns the committee published about an approved project (public; no sender data).',
    description: 'Newest first; never the photo.',
    tags: ['concerns'],
    rateLimit: { max: 30, timeWindow: 60_000, key: 'verify' },
    params: reference,
    answers: { 200: dataOf(z.array(publicConcern)) },
    errors: { 404: 'No approved project has this reference number.' },
  },
  'POST /api/verify/:reference/concerns': {
    operationId: 'raiseConcern',
    summary: 'Send the committee a concern about an approved project’s site (no account; CSRF token of the page).',
    description:
      'Multipart with an optional `photo` (a JPEG or PNG known by its bytes, at most 5 MiB, stored without its Exif/XMP/IPTC or PNG text chunks); a JSON body without a photo is accepted too. Every active administrator is mailed.',
    tags: ['concerns'],
    csrf: true,
    rateLimit: CONCERN_RATE_LIMIT,
    params: reference,
    // Multipart so a phone can attach a photo; a JSON body without one is still read (docs/api.md).
    body: multipart(concernSchema, {
      photo: {
        contentType: 'image/jpeg',
        maxBytes: CONCERN_PHOTO_MAX_BYTES,
        required: false,
        description: 'A JPEG or PNG (known by its bytes), kept without its Exif, XMP and text metadata.',
      },
    }),
    answers: { 201: dataOf(z.object({ id: z.number().int(), received_at: instant, message: z.string() })) },
    errors: { 404: 'No approved project has this reference number.', 419: 'The CSRF token is missing or wrong.' },
  },
  'GET /api/admin/concerns': {
    ...committeeBase,
    operationId: 'listConcerns',
    summary: 'The public’s concerns, unanswered first (oldest first), with each one’s working-day clock.',
    query: concernListQuerySchema,
    answers: { 200: pagedOf(queuedConcern, { open: z.number().int() }) },
  },
  'GET /api/admin/concerns/:id/photo': {
    ...committeeBase,
    operationId: 'concernPhoto',
    summary: 'The photo sent with a concern, without its metadata (administrators only; never public).',
    description: 'Answered with `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`.',
    params: idParamsSchema,
    answers: { 200: fileAnswer('image/jpeg', 'The photo, image/jpeg or image/png as it was sent.') },
    errors: { 404: 'No such concern, or it has no photo.' },
  },
  'POST /api/admin/concerns/:id/answer': {
    ...committeeBase,
    operationId: 'answerConcern',
    summary:
      'Answer a concern (once), publishing the answer on the project’s public page or not; the sender is mailed.',
    description: 'The sender (when they left an address) and the project’s owner are mailed.',
    params: idParamsSchema,
    body: concernAnswerSchema,
    answers: { 200: dataOf(queuedConcern) },
    errors: {
      404: 'No such concern.',
      409: errorWith('Answered already (`reason: "answered"`).', { reason: z.enum(['answered']) }),
    },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof publicConcern>, PublicConcern>>,
  Assert<Same<z.output<typeof queuedConcern>, QueuedConcern>>,
];
