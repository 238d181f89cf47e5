import { z } from 'zod';
import { idParamsSchema, lenientPageQuery, strictIdParamsSchema } from '../paging';
import {
  companyInboxQuerySchema,
  inspectionCreateSchema,
  inspectionResultSchema,
  inspectionUpdateSchema,
  REPORT_MAX_BYTES,
  SERVICE_REQUEST_STATUSES,
  serviceRequestUpdateSchema,
  type CompanyOverview,
  type CompanyRegistrationSummary,
  type CompanyServiceRequest,
  type TrackedServiceRequest,
} from '../company-work';
import {
  COVER_LETTER_MAX_BYTES,
  eietRequestSchema,
  pileRequestSchema,
  type ServiceRequestRecord,
} from '../service-requests';
import { registrationDraftSchema } from '../form-one';
import { reviewStatusChangeSchema } from '../registration-review';
import { adminSearchParam, caseNoteSchema, type AdminRegistrationRow, type CaseNote } from '../committee-view';
import { emptyAnswer, endpoints, fileAnswer, multipart, type Assert, type Same } from './endpoint';
import { adminBase, dataOf, errorWith, instant, pagedOf } from './common';
import { userCompany } from './accounts';
import {
  inspectionAnswer,
  registrationRecord,
  stageNoticeAnswer,
  registrationSummary,
  reviewedRegistration,
} from './registration-answers';

/** Form One registrations, the committee's decisions, service requests and the companies' work areas. */

const pdf = (description: string) => fileAnswer('application/pdf', description);
const download = { 'Content-Disposition': { description: 'attachment; with the file name.' } } as const;
const registrationMissing = { 404: 'No such registration, or not the caller’s.' };

/** Per signed-in account (counted after the guard), so one office behind one address is not penalised. */
export const REGISTRATION_RATE_LIMITS = {
  create: { max: 20, timeWindow: 60_000, key: 'registrations-create', per: 'account' },
  // Autosave runs about once a second while someone types; this leaves room for two tabs.
  save: { max: 180, timeWindow: 60_000, key: 'registrations-save', per: 'account' },
  submit: { max: 10, timeWindow: 60_000, key: 'registrations-submit', per: 'account' },
  pdf: { max: 30, timeWindow: 60_000, key: 'registrations-pdf', per: 'account' },
} as const;
/** Each request sends mail to two parties; this keeps one address from flooding anyone's inbox. */
export const SERVICE_REQUEST_RATE_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const;

export const serviceRequestRecord = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(['eiet', 'pile']),
  company_id: z.number().int(),
  company_label: z.string(),
  project_name: z.string(),
  project_information: z.string(),
  company_name: z.string(),
  address: z.string(),
  company_email: z.string(),
  contact_phone: z.string(),
  cover_letter_name: z.string(),
  cover_letter_size: z.number().int(),
  cover_letter_sha256: z.string(),
  locale: z.enum(['en', 'my']),
  created_at: instant,
});
const serviceRequestHistory = z.object({
  status: z.enum(SERVICE_REQUEST_STATUSES),
  note: z.string().nullable(),
  created_at: instant,
});
export const companyServiceRequest = serviceRequestRecord.extend({
  status: z.enum(SERVICE_REQUEST_STATUSES),
  updated_at: instant,
  history: z.array(serviceRequestHistory),
});
export const trackedServiceRequest = z.object({
  status: z.enum(SERVICE_REQUEST_STATUSES),
  history: z.array(serviceRequestHistory),
  company_name: z.string(),
  project_name: z.string(),
  created_at: instant,
  reference: z.string(),
  kind: z.enum(['eiet', 'pile']),
});
export const companyRegistrationSummary = z.object({
  id: z.number().int(),
  reference_number: z.string().nullable(),
  project_name: z.string(),
  status: z.string(),
  submitted_at: z.string().nullable(),
  owner: z.object({ name: z.string() }),
  inspections: z.array(inspectionAnswer),
  stage_notices: z.array(stageNoticeAnswer),
});
export const companyOverview = z.object({
  company: userCompany,
  new_requests: z.number().int(),
  upcoming_inspections: z.number().int(),
  inspections_this_week: z.number().int(),
});
const adminRegistrationRow = registrationSummary.extend({
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  days_waiting: z
    .number()
    .int()
    .nullable()
    .describe('Whole days since it was last (re)submitted, while the reviewers hold it; else null.'),
  countersignatures: z.object({ done: z.number().int(), needed: z.number().int() }),
});
const caseNote = z.object({
  id: z.number().int(),
  note: z.string(),
  author: z.object({ name: z.string() }),
  created_at: instant,
});
/** The admin registration list's filters, shared by the page and its CSV. */
const adminRegistrationFilters = {
  status: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.length <= 40 && v ? v : undefined)),
  search: adminSearchParam,
};
/** The token-less forms' checks and what a success does: the facts a client needs besides the schemas. */
const SERVICE_REQUEST_DESCRIPTION =
  'Checks in this order: the rate limit (every attempt counts); the CSRF token (`X-CSRF-TOKEN` with the `hpbc_csrf` cookie, else 419); multipart only (415 `{status: "error", message}`; an unreadable form 400; more than 20 fields or 22 parts 413); then every field at once (422 `{status: "error", message, errors}`). The cover letter is one file under 2 MiB whose content is a PDF that opens, without JavaScript, launch, submit-form or import-data actions, rich media or embedded files (`pdf_active`); its name and declared type play no part. A field named like an `Object.prototype` member is a 400. A success quotes the reference `SR-000123`; the requester and every address of the company are mailed (the company with the cover letter), and the committee’s staff.';
/** A stored file that is gone (410) or no longer matches its SHA-256 (409). */
const coverLetterBroken = {
  409: 'The stored file no longer matches its SHA-256.',
  410: 'The stored file is missing.',
};
/** The admin service-request list's `?status=&page=`: an unknown status is a 422 naming `status`. */
const adminServiceRequestQuery = companyInboxQuerySchema;

/** The public form asking a company (EIET or pile) for its services: the same call for either kind. */
const serviceRequest = <F extends z.ZodType>(operationId: string, whom: string, fields: F) => ({
  operationId,
  summary: `Ask ${whom} for its services, with a cover letter (no account; CSRF token of the page).`,
  description: SERVICE_REQUEST_DESCRIPTION,
  tags: ['service-requests'],
  csrf: true as const,
  rateLimit: SERVICE_REQUEST_RATE_LIMIT,
  body: multipart(fields, {
    cover_letter: { contentType: 'application/pdf', maxBytes: COVER_LETTER_MAX_BYTES, required: true },
  }),
  answers: { 201: z.object({ status: z.literal('success'), message: z.string(), reference: z.string() }) },
});

// What each group of calls shares (docs/decisions/114-declaration-bases.md).
export const registrationBase = { tags: ['registrations'], guard: 'verified' } as const;
const companyTags = ['company'];
/** A company's work area: the guard asks for a verified account; which company it works for, the service checks. */
const companyBase = { tags: companyTags, guard: 'verified' } as const;
const noCompany = { 403: 'The account works for no company (or not for the one this is about).' };

export const workEndpoints = endpoints({
  // ---- Form One registrations -----------------------------------------------------------
  'POST /api/registrations': {
    ...registrationBase,
    operationId: 'createRegistration',
    summary: 'Start a Form One registration (a draft), optionally with its first answers.',
    rateLimit: REGISTRATION_RATE_LIMITS.create,
    body: registrationDraftSchema,
    bodyCheckedBy: 'service, optional',
    answers: { 201: dataOf(registrationRecord) },
    errors: { 409: 'The account already has 20 open drafts.' },
  },
  'GET /api/registrations': {
    ...registrationBase,
    operationId: 'listMyRegistrations',
    summary: 'The caller’s registrations, newest first.',
    answers: { 200: dataOf(z.array(registrationSummary)) },
  },
  'GET /api/registrations/:id': {
    ...registrationBase,
    operationId: 'getRegistration',
    summary: 'One of the caller’s registrations, with its review.',
    description:
      'Readable by its owner and by administrators (who also get `counterparts`: each named discipline’s address, whether it has an account, and its countersignature; and `changed_by` on each history entry). To anyone else it does not exist (404). Carries `inspections` in date order.',
    params: idParamsSchema,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: registrationMissing,
  },
  'PUT /api/registrations/:id/draft': {
    ...registrationBase,
    operationId: 'saveRegistrationDraft',
    summary: 'Save answers of a draft (or of a registration returned for changes) as they are typed.',
    description:
      '`data` replaces the stored answers. For a draft any subset is accepted, but each value must have its type and length (a 422 names the field); `current_step` is 1 to 7. Administrators may read, never write.',
    rateLimit: REGISTRATION_RATE_LIMITS.save,
    params: idParamsSchema,
    body: registrationDraftSchema,
    bodyCheckedBy: 'service, optional',
    answers: { 200: dataOf(registrationSummary) },
    errors: {
      ...registrationMissing,
      409: errorWith('Submitted already: no longer editable.', { status: z.string() }),
    },
  },
  'DELETE /api/registrations/:id': {
    ...registrationBase,
    operationId: 'deleteRegistration',
    summary: 'Delete a draft.',
    params: idParamsSchema,
    answers: { 204: emptyAnswer('Deleted.') },
    errors: {
      ...registrationMissing,
      409: errorWith('Submitted already: it cannot be deleted.', { status: z.string() }),
    },
  },
  'POST /api/registrations/:id/submit': {
    ...registrationBase,
    operationId: 'submitRegistration',
    summary: 'Submit (or resubmit) a registration; with a body, its last answers are saved first.',
    description:
      'The whole form is checked: every failing field is listed in the order of the form; `errors.documents` when a discipline that names a counterpart has no current document. On success: the reference `HPBC-<year>-<id, six digits>` (the year in Myanmar time), status `Submitted`, a history entry, the `project` role, a confirmation mail. Submitting again, or twice at once, changes nothing and sends no second mail: the stored registration with `created: false`. A registration returned for changes is submitted the same way and keeps its reference.',
    rateLimit: REGISTRATION_RATE_LIMITS.submit,
    params: idParamsSchema,
    body: registrationDraftSchema,
    bodyCheckedBy: 'service, optional',
    answers: { 200: z.object({ data: registrationRecord, created: z.boolean(), message: z.string() }) },
    errors: { ...registrationMissing, 409: errorWith('Submitted already.', { status: z.string() }) },
  },
  'GET /api/registrations/:id/pdf': {
    ...registrationBase,
    operationId: 'registrationPdf',
    summary: 'The registration as a PDF (in ?lang=, else the request’s language).',
    rateLimit: REGISTRATION_RATE_LIMITS.pdf,
    params: idParamsSchema,
    // ?lang=my picks the PDF's language (a download link carries no headers); else Accept-Language.
    query: z.object({ lang: z.enum(['en', 'my']).optional().catch(undefined) }),
    answers: { 200: pdf('The registration, with its QR code for verification.') },
    headers: download,
    errors: { ...registrationMissing, 409: 'A draft has no PDF.' },
  },
  'GET /api/admin/registrations': {
    ...adminBase,
    operationId: 'adminListRegistrations',
    summary:
      'Every submitted registration, paged, with days waiting and countersignatures; ?status= filters, ?search= finds reference, project or submitter.',
    description:
      'Newest submission first; drafts never appear. `search` ignores case, and `%` and `_` are plain characters. `countersignatures.done` counts those of the current content hash.',
    // Page and page size fall back to defaults; a status filter and a search are free text.
    query: z.object({ ...lenientPageQuery(25, 100), ...adminRegistrationFilters }),
    answers: { 200: pagedOf(adminRegistrationRow) },
  },
  'GET /api/admin/registrations.csv': {
    ...adminBase,
    operationId: 'adminRegistrationsCsv',
    summary: 'The filtered admin registration list as CSV (every page).',
    description:
      "Columns reference_number, project_name, status, submitter_name, submitter_email, submitted_at, days_waiting, countersignatures_done, countersignatures_needed. A cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so a spreadsheet does not run it.",
    query: z.object(adminRegistrationFilters),
    answers: { 200: fileAnswer('text/csv; charset=utf-8', 'One registration a row (UTF-8 with BOM, RFC 4180).') },
    headers: { 'Content-Disposition': { description: 'attachment; filename="registrations-<day>.csv"' } },
  },
  'GET /api/admin/registrations/:id/notes': {
    ...adminBase,
    operationId: 'adminListCaseNotes',
    summary: 'The committee’s case notes on a registration, oldest first (administrators only; never public).',
    params: idParamsSchema,
    answers: { 200: dataOf(z.array(caseNote)) },
    errors: { 404: 'No such submitted registration.' },
  },
  'POST /api/admin/registrations/:id/notes': {
    ...adminBase,
    operationId: 'adminAddCaseNote',
    summary: 'Add a case note to a registration (append-only; administrators only).',
    description: 'The note is 1–4000 characters after trimming; audited as `case_note`. Notes are in no other answer.',
    params: idParamsSchema,
    body: caseNoteSchema,
    answers: { 201: dataOf(caseNote) },
    errors: { 404: 'No such submitted registration.' },
  },
  'PATCH /api/admin/registrations/:id/status': {
    ...adminBase,
    operationId: 'adminChangeRegistrationStatus',
    summary: 'The committee’s decision: under review, returned for changes, approved or rejected (with a note).',
    description:
      'Allowed: Submitted → Under Review, Returned for changes or Rejected; Under Review → Approved, Returned for changes or Rejected; Approved and Rejected are final. `note` is required for Returned for changes and Rejected (at most 2000 characters). Approving or rejecting is a legal act: without a second-factor proof made for it, 403 with `reason: "step_up_required"` (or `"two_factor_required"`). Approval needs a current countersignature of every named discipline, creates the public project (`project_id`) and stamps every current document. Each change adds a history row and mails the submitter in their language; of two administrators changing it at once, one gets the 409.',
    params: idParamsSchema,
    body: reviewStatusChangeSchema,
    bodyCheckedBy: 'service',
    answers: { 200: dataOf(reviewedRegistration) },
    errors: {
      404: 'No such submitted registration.',
      409: errorWith(
        'The move is not allowed from the current status (with `status`), or a named discipline lacks a current countersignature (with `missing`, after the status rule).',
        {
          status: z.string().optional(),
          missing: z.array(z.string()).optional(),
        },
      ),
    },
  },

  // ---- Service requests ------------------------------------------------------------------
  'POST /api/eiet-request': serviceRequest('submitEietRequest', 'an EIET company', eietRequestSchema),
  'POST /api/pile-request': serviceRequest('submitPileRequest', 'a pile company', pileRequestSchema),
  'GET /api/admin/service-requests': {
    ...adminBase,
    operationId: 'adminListServiceRequests',
    summary:
      'Every service request with its status and the company’s answers, newest first, 25 a page; ?status= filters.',
    query: adminServiceRequestQuery,
    answers: { 200: pagedOf(companyServiceRequest) },
  },
  'GET /api/admin/service-requests/:id': {
    ...adminBase,
    operationId: 'adminGetServiceRequest',
    summary: 'One service request, with its status and history (the company’s answers).',
    params: strictIdParamsSchema,
    answers: { 200: dataOf(companyServiceRequest) },
    errors: { 404: 'No such service request.' },
  },
  'GET /api/admin/service-requests/:id/cover-letter': {
    ...adminBase,
    operationId: 'adminServiceRequestCoverLetter',
    summary: 'A service request’s cover letter.',
    params: strictIdParamsSchema,
    answers: { 200: pdf('The cover letter as sent.') },
    headers: download,
    errors: { 404: 'No such service request.', ...coverLetterBroken },
  },

  // ---- Company work areas ----------------------------------------------------------------
  'GET /api/company/overview': {
    ...companyBase,
    operationId: 'companyOverview',
    summary: 'The company work area’s counts.',
    description: '“This week” ends on Sunday night, Myanmar time.',
    answers: { 200: dataOf(companyOverview) },
    errors: noCompany,
  },
  'GET /api/company/service-requests': {
    ...companyBase,
    operationId: 'companyListServiceRequests',
    summary: 'The requests sent to the caller’s company; ?status= filters.',
    query: companyInboxQuerySchema,
    answers: { 200: pagedOf(companyServiceRequest) },
    errors: noCompany,
  },
  'GET /api/company/service-requests/:id': {
    ...companyBase,
    operationId: 'companyGetServiceRequest',
    summary: 'One request sent to the caller’s company, with its history.',
    params: idParamsSchema,
    answers: { 200: dataOf(companyServiceRequest) },
    errors: { ...noCompany, 404: 'No such request for this company.' },
  },
  'PATCH /api/company/service-requests/:id': {
    ...companyBase,
    operationId: 'companyChangeServiceRequest',
    summary: 'Accept, decline (with a reason) or complete a request.',
    params: idParamsSchema,
    body: serviceRequestUpdateSchema,
    bodyCheckedBy: 'service',
    answers: { 200: dataOf(companyServiceRequest) },
    errors: {
      ...noCompany,
      404: 'No such request for this company.',
      409: 'The move is not allowed from its status (only new → accepted or declined, accepted → completed), also when another member answered a moment ago.',
    },
  },
  'GET /api/company/service-requests/:id/cover-letter': {
    ...companyBase,
    operationId: 'companyServiceRequestCoverLetter',
    summary: 'A request’s cover letter.',
    params: idParamsSchema,
    answers: { 200: pdf('The cover letter as sent.') },
    headers: download,
    errors: { ...noCompany, 404: 'No such request for this company.', ...coverLetterBroken },
  },
  'GET /api/service-requests/track/:token': {
    operationId: 'trackServiceRequest',
    summary: 'The requester’s private tracking link: the request’s status and history.',
    description:
      'The link (`/service-requests/track/{token}`, 32 random bytes, only its SHA-256 stored) is in the confirmation mail. Answered with `Cache-Control: no-store` and `Referrer-Policy: no-referrer`.',
    tags: ['service-requests'],
    rateLimit: { max: 60, timeWindow: 60_000 },
    params: z.object({ token: z.string().max(200) }),
    answers: { 200: dataOf(trackedServiceRequest) },
    errors: { 404: 'No request has this link.' },
  },
  'GET /api/company/registrations': {
    ...companyBase,
    operationId: 'companyRegistrations',
    summary: 'The submitted registrations that chose the caller’s EIET company, with their inspections.',
    answers: { 200: dataOf(z.array(companyRegistrationSummary)) },
    errors: noCompany,
  },
  'POST /api/registrations/:id/inspections': {
    ...companyBase,
    operationId: 'scheduleInspection',
    summary: 'Schedule an inspection of a registration’s project (its EIET company).',
    description:
      'Only for a submitted registration that chose the caller’s company (else 404). `scheduled_for` is an ISO instant with its zone, in the future. The submitter is mailed.',
    idempotent: true,
    params: idParamsSchema,
    body: inspectionCreateSchema,
    bodyCheckedBy: 'service',
    answers: { 201: dataOf(inspectionAnswer) },
    errors: { ...noCompany, 404: 'No such registration for this company.' },
  },
  'PATCH /api/inspections/:id': {
    ...companyBase,
    operationId: 'changeInspection',
    summary: 'Reschedule or cancel an inspection, with a reason.',
    description:
      '`scheduled_for` (in the future) or `status: "cancelled"` with a `reason`; neither is a 422. The submitter is mailed.',
    idempotent: true,
    params: idParamsSchema,
    body: inspectionUpdateSchema,
    bodyCheckedBy: 'service',
    answers: { 200: dataOf(inspectionAnswer) },
    errors: { ...noCompany, 404: 'No such inspection for this company.', 409: 'Done or cancelled already.' },
  },
  'POST /api/inspections/:id/result': {
    ...companyBase,
    operationId: 'recordInspectionResult',
    summary: 'Record an inspection’s outcome, with remarks and an optional report PDF.',
    description:
      'A legal act: without a second-factor proof made for it, 403 with `reason: "step_up_required"` (or `"two_factor_required"`). The report is checked by its content as the cover letters are (a PDF under 10 MiB, no active content). The submitter is mailed.',
    idempotent: true,
    params: idParamsSchema,
    body: multipart(inspectionResultSchema, {
      report: { contentType: 'application/pdf', maxBytes: REPORT_MAX_BYTES, required: false },
    }),
    answers: { 200: dataOf(inspectionAnswer) },
    errors: { ...noCompany, 404: 'No such inspection for this company.', 409: 'Cancelled or done already.' },
  },
  'GET /api/inspections/:id/report': {
    ...companyBase,
    operationId: 'inspectionReport',
    summary: 'An inspection’s report PDF (its company, the registration’s owner, administrators).',
    params: idParamsSchema,
    answers: { 200: pdf('The report as uploaded.') },
    headers: download,
    errors: {
      404: 'No such inspection, or no report.',
      410: 'The stored report is missing or no longer matches its SHA-256.',
    },
  },
  'POST /api/company/calendar': {
    ...companyBase,
    operationId: 'newCalendarUrl',
    summary: 'A new private calendar-feed address for the company’s inspections (the old one stops working).',
    description: 'EIET companies only (a pile company’s account gets 403).',
    answers: { 200: dataOf(z.object({ url: z.string() })) },
    errors: noCompany,
  },
  'GET /api/calendar/:file': {
    operationId: 'inspectionsCalendar',
    summary: 'The private iCalendar feed of a company’s inspections (`<token>.ics`).',
    description:
      'The scheduled inspections from a day ago on, one VEVENT each (UID `inspection-{id}@{host}`, two hours long, UTC times). 404 for an unknown or replaced address, or an account that is inactive or no longer linked.',
    tags: companyTags,
    rateLimit: { max: 60, timeWindow: 60_000 },
    params: z.object({ file: z.string().max(200) }),
    answers: { 200: fileAnswer('text/calendar; charset=utf-8', 'The inspections as iCalendar events.') },
    errors: { 404: 'No feed has this address.' },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof serviceRequestRecord>, ServiceRequestRecord>>,
  Assert<Same<z.output<typeof companyServiceRequest>, CompanyServiceRequest>>,
  Assert<Same<z.output<typeof trackedServiceRequest>, TrackedServiceRequest>>,
  Assert<Same<z.output<typeof companyRegistrationSummary>, CompanyRegistrationSummary>>,
  Assert<Same<z.output<typeof companyOverview>, CompanyOverview>>,
  Assert<Same<z.output<typeof adminRegistrationRow>, Omit<AdminRegistrationRow, 'status'> & { status: string }>>,
  Assert<Same<z.output<typeof caseNote>, CaseNote>>,
];
