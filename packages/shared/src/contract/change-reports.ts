import { z } from 'zod';
import { idParamsSchema } from '../paging';
import {
  changeReportAcknowledgeSchema,
  changeReportCommentSchema,
  changeReportCreateSchema,
  changeReportDecisionSchema,
} from '../change-reports';
import { countersignSchema } from '../counterpart-review';
import { endpoints, fileAnswer } from './endpoint';
import { dataOf, errorWith } from './common';
import { stepUpRefused } from './second-factor';
import { changeReport } from './registration-answers';

/**
 * Design changes during construction (issue 30; docs/api.md "Construction"). The owner's
 * call is fixed; the counterparts' and the committee's calls are the project's own.
 */
const tags = ['change-reports'];
// What each group of calls shares (docs/decisions/114-declaration-bases.md).
const ownerBase = { tags, guard: 'verified' } as const;
const reviewerBase = { tags, guard: { role: 'national-counterpart' } } as const;
const notNamed = { 404: 'No such change report, or its registration does not name the caller.' };
const refused = (description: string) =>
  errorWith(description, {
    reason: z.enum(['status', 'kind', 'stale', 'conflict_of_interest', 'missing']),
    status: z.string().optional(),
    content_sha256: z.string().optional(),
    missing: z.array(z.string()).optional(),
  });

export const changeReportsEndpoints = endpoints({
  'POST /api/registrations/:id/change-reports': {
    ...ownerBase,
    operationId: 'fileChangeReport',
    summary:
      'The owner files a design change with its revised sheets (documents uploaded after approval); a major one starts a review round of the named counterparts.',
    params: idParamsSchema,
    body: changeReportCreateSchema,
    answers: { 201: dataOf(changeReport) },
    errors: {
      404: 'Not the caller’s registration.',
      409: refused('The registration is not approved (`reason: "status"`).'),
    },
  },
  'POST /api/change-reports/:id/acknowledge': {
    ...reviewerBase,
    operationId: 'acknowledgeChangeReport',
    summary: 'A counterpart acknowledges a minor change report for one of their disciplines.',
    params: idParamsSchema,
    body: changeReportAcknowledgeSchema,
    answers: { 200: dataOf(changeReport) },
    errors: {
      ...notNamed,
      403: 'The discipline names someone else.',
      409: refused('Not open (`reason: "status"`), or a major report, which is countersigned (`reason: "kind"`).'),
    },
  },
  'POST /api/change-reports/:id/comments': {
    ...reviewerBase,
    operationId: 'commentChangeReport',
    summary: 'A counterpart comments on an open change report for one of their disciplines.',
    params: idParamsSchema,
    body: changeReportCommentSchema,
    answers: { 201: dataOf(changeReport) },
    errors: { ...notNamed, 403: 'The discipline names someone else.', 409: refused('Not open.') },
  },
  'POST /api/change-reports/:id/countersign': {
    ...reviewerBase,
    operationId: 'countersignChangeReport',
    summary: 'A counterpart countersigns a major change report’s content hash for one discipline (a legal act).',
    params: idParamsSchema,
    body: countersignSchema,
    answers: { 200: dataOf(changeReport) },
    errors: {
      ...notNamed,
      403: stepUpRefused,
      409: refused(
        'Not open (`reason: "status"`), minor (`reason: "kind"`), a hash that is not the report’s present one (`reason: "stale"`, with `content_sha256`), or a conflict of interest.',
      ),
    },
  },
  'PATCH /api/admin/change-reports/:id': {
    operationId: 'decideChangeReport',
    summary:
      'The committee approves or rejects a major change report (a legal act); approval puts its revisions in the approved set, stamped.',
    tags,
    guard: 'admin',
    params: idParamsSchema,
    body: changeReportDecisionSchema,
    answers: { 200: dataOf(changeReport) },
    errors: {
      404: 'No such change report.',
      403: stepUpRefused,
      409: refused(
        'Not open (`reason: "status"`), minor (`reason: "kind"`), or disciplines without a current countersignature (`reason: "missing"`).',
      ),
    },
  },
  'GET /api/registrations/:id/completion-certificate.pdf': {
    ...ownerBase,
    operationId: 'downloadCompletionCertificate',
    summary:
      'The owner’s completion certificate, with a QR code of /verify/{reference}, once the completion inspection passed and no change report is open; the project is then shown as completed on the public list.',
    params: idParamsSchema,
    answers: { 200: fileAnswer('application/pdf', 'The certificate, A4, tagged.') },
    errors: {
      404: 'No such registration, or not the caller’s.',
      409: errorWith(
        'Not approved (`reason: "status"`), no passed completion inspection (`reason: "inspection"`), or a change report open (`reason: "change_report"`).',
        { reason: z.enum(['status', 'inspection', 'change_report']) },
      ),
    },
    headers: { 'Content-Disposition': { description: 'attachment; the reference in the file name.', required: true } },
  },
});
