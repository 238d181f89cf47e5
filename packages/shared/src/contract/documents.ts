import { z } from 'zod';
import { idParamsSchema } from '../paging';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, documentCreateSchema, type DesignDocument } from '../design-documents';
import { emptyAnswer, endpoints, fileAnswer, type Assert, type Same } from './endpoint';
import { dataOf, errorWith, instant } from './common';
import { discipline } from './registration-answers';

/**
 * Design documents (docs/api.md "Design documents", decisions 069–071): tus uploads, the
 * documents of a registration, their files and approved copies.
 */
/** What every call of the area shares (docs/decisions/114-declaration-bases.md). */
const base = { tags: ['documents'], guard: 'verified' } as const;
const uploadParams = z.object({ id: z.string().max(64) });
const tusHeaders = 'tus 1.0.0: `Tus-Resumable: 1.0.0` on every request; protocol errors are plain text.';
/** tus writes its own protocol errors, as plain text (412 without `Tus-Resumable`, 404, 409, 413, 400). */
const tusError = (when: string) => fileAnswer('text/plain', `tus protocol error (plain text): ${when}`);
const tusErrors = {
  404: tusError('unknown, expired, or another account’s upload.'),
  412: tusError('no `Tus-Resumable: 1.0.0` header.'),
};

export const designDocument = z.object({
  id: z.number().int(),
  discipline,
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  title: z.string(),
  revision: z.string(),
  round: z.number().int(),
  pages: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  uploaded_at: instant,
  replaces_id: z.number().int().nullable(),
  approved_sha256: z.string().nullable(),
});

const notReadable = { 404: 'No such registration or document, or not one the caller may read.' };
const locked = errorWith(
  'The registration is not a draft, returned for changes or approved (after approval a sheet is a proposed revision, for a change report).',
  { status: z.string().optional() },
);

export const documentsEndpoints = endpoints({
  'POST /api/uploads': {
    ...base,
    operationId: 'createUpload',
    description:
      'Bytes are kept as they arrive, so HEAD tells where to resume (also after a restart). Uploads older than 24 hours, finished or not, are removed unless used; a finished upload is used once, as `upload_id`.',
    summary: `Start a resumable upload (tus creation; \`Upload-Length\` ≤ 100 MiB, \`Upload-Metadata\` with \`filename\`). ${tusHeaders}`,
    rateLimit: { max: 120, timeWindow: 60_000, key: 'uploads-create', per: 'account' },
    answers: {
      201: emptyAnswer('Created: `Location` names the upload (`/api/uploads/{id}`).'),
      400: tusError('no `Upload-Length`, or no `filename` in `Upload-Metadata`.'),
      412: tusErrors[412],
      413: tusError('over 100 MiB.'),
    },
    errors: { 429: 'More than 50 open uploads, or more than 120 creations in a minute per account.' },
  },
  'HEAD /api/uploads/:id': {
    ...base,
    operationId: 'uploadOffset',
    summary: `How much of an upload has arrived (\`Upload-Offset\`, \`Upload-Length\`). ${tusHeaders}`,
    params: uploadParams,
    answers: { 200: emptyAnswer('`Upload-Offset` and `Upload-Length`.'), ...tusErrors },
  },
  'PATCH /api/uploads/:id': {
    ...base,
    operationId: 'appendUpload',
    summary: `Append bytes at \`Upload-Offset\` (\`Content-Type: application/offset+octet-stream\`). ${tusHeaders}`,
    params: uploadParams,
    answers: {
      204: emptyAnswer('Appended: the new `Upload-Offset`.'),
      ...tusErrors,
      409: tusError('the offset is not the upload’s.'),
      415: tusError('not `Content-Type: application/offset+octet-stream`.'),
    },
  },
  'DELETE /api/uploads/:id': {
    ...base,
    operationId: 'deleteUpload',
    summary: `Remove an upload (tus termination). ${tusHeaders}`,
    params: uploadParams,
    answers: { 204: emptyAnswer('Removed.'), ...tusErrors },
  },
  'POST /api/registrations/:id/documents': {
    ...base,
    operationId: 'attachDocument',
    summary: 'Attach a finished upload as a sheet of the design (the next revision of a current sheet number).',
    description:
      'Revisions run A→B…Z→AA; `replaces_id` names the sheet now `superseded`. A 422 on `upload_id` for an unknown, used or another account’s upload, one not finished, over 100 MiB, not a readable PDF, encrypted, or with JavaScript or other active content in any object. Administrators may read, never attach.',
    params: idParamsSchema,
    body: documentCreateSchema,
    answers: { 201: dataOf(designDocument) },
    errors: { 404: 'Not the caller’s registration.', 409: locked },
  },
  'GET /api/registrations/:id/documents': {
    ...base,
    operationId: 'listDocuments',
    summary: 'Every revision of every document of a registration.',
    description:
      'By discipline, number, age. Readable by the owner and, once submitted, the counterparts it names, the members of its EIET company and administrators.',
    params: idParamsSchema,
    answers: { 200: dataOf(z.array(designDocument)) },
    errors: notReadable,
  },
  'GET /api/registrations/:id/documents/approved.zip': {
    ...base,
    operationId: 'approvedDocumentSet',
    summary: 'The approved (stamped) set as one zip.',
    params: idParamsSchema,
    answers: { 200: fileAnswer('application/zip', 'Each approved copy as `<discipline>/<number>-<revision>.pdf`.') },
    errors: { 404: 'Not readable by the caller, or not approved.' },
  },
  'GET /api/documents/:id/file': {
    ...base,
    operationId: 'documentFile',
    summary: 'The PDF, whole or one byte range (`Range: bytes=a-b` answers 206).',
    description:
      'Streamed from the store with `Accept-Ranges: bytes` and `Content-Disposition: inline`; a 206 carries `Content-Range`, a 416 `Content-Range: bytes */<size>`.',
    params: idParamsSchema,
    answers: {
      200: fileAnswer('application/pdf', 'The whole file.'),
      206: fileAnswer('application/pdf', 'One range.'),
    },
    errors: { ...notReadable, 416: 'The range is past the end of the file.' },
  },
  'GET /api/documents/:id/approved': {
    ...base,
    operationId: 'approvedDocumentFile',
    summary: 'The approved copy, every page stamped (whole or one range).',
    params: idParamsSchema,
    answers: {
      200: fileAnswer('application/pdf', 'The stamped copy.'),
      206: fileAnswer('application/pdf', 'One range.'),
    },
    errors: { 404: 'Not readable by the caller, or no approved copy (before approval).', 416: 'Past the end.' },
  },
  'DELETE /api/documents/:id': {
    ...base,
    operationId: 'withdrawDocument',
    summary: 'Withdraw a current document (one never submitted is removed).',
    description:
      'A document of the round not yet submitted is removed, and the revision it replaced is current again; any other becomes `withdrawn`.',
    params: idParamsSchema,
    answers: { 204: emptyAnswer('Withdrawn or removed.') },
    errors: { 404: 'Not the caller’s document.', 409: locked },
  },
});

export type Checks = [Assert<Same<z.output<typeof designDocument>, DesignDocument>>];
