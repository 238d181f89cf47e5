import { z } from 'zod';
import {
  adminEietQuerySchema,
  adminPileQuerySchema,
  adminProjectQuerySchema,
  adminTableQuerySchema,
  auditQuerySchema,
  eietCompanyInputSchema,
  LIBRARY_MAX_BYTES,
  libraryDocumentEditSchema,
  pileCompanyInputSchema,
  projectInputSchema,
  RECOMMENDATION_LEVELS,
  recommendationLevelParamsSchema,
  recommendationNodeParamsSchema,
  recommendationNodeSchema,
  type AdminDashboard,
  type AdminEietCompany,
  type AdminLibraryDocument,
  type AdminPileCompany,
  type AdminProject,
  type AdminTreeNode,
  type AuditEntry,
} from '../admin-data';
import { idParamsSchema } from '../paging';
import { emptyAnswer, endpoints, fileAnswer, multipart, type Assert, type Same } from './endpoint';
import { adminBase, dataOf, instant, nullableInstant, pagedOf } from './common';
import { eietCompanyAnswer, pileCompanyAnswer, projectAnswer } from './public-lists';
import { CHECKLIST_SORTS, checklistItemInputSchema } from '../onsite';
import { adminChecklistItem } from './onsite';

/** What administrators edit and read: the public registers, the recommendation tree, the library, the dashboard, the audit log. */

const rowMeta = { updated_at: instant, retired_at: nullableInstant };
export const adminProject = projectAnswer.extend(rowMeta);
export const adminEietCompany = eietCompanyAnswer.extend(rowMeta);
/** The public register hides a pile company's mail and phone; the administrators see them. */
export const adminPileCompany = pileCompanyAnswer.extend({
  email_address: z.string(),
  phone_number: z.string(),
  ...rowMeta,
});

/** The six calls every public register answers: a paged, sorted, searchable list; one row; create; replace; retire; restore. */
function registerEndpoints<const P extends string, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  path: P,
  what: string,
  opId: string,
  query: Q,
  body: B,
  row: R,
) {
  const one = dataOf(row);
  const byId = { ...adminBase, params: idParamsSchema, errors: { 404: `No such ${what}.` }, answers: { 200: one } };
  const list = {
    ...adminBase,
    operationId: `adminList${opId}s`,
    summary: `The ${what}s, retired ones too: paged, sorted, searched.`,
    query,
    answers: { 200: pagedOf(row) },
  };
  const create = {
    ...adminBase,
    operationId: `adminCreate${opId}`,
    summary: `Add a ${what}.`,
    body,
    answers: { 201: one },
  };
  const get = { ...byId, operationId: `adminGet${opId}`, summary: `One ${what}.` };
  const replace = { ...byId, operationId: `adminUpdate${opId}`, summary: `Replace a ${what}’s fields.`, body };
  const retire = {
    ...byId,
    operationId: `adminRetire${opId}`,
    summary: `Retire a ${what}: hidden from the public, kept.`,
  };
  const restore = { ...byId, operationId: `adminRestore${opId}`, summary: `Show a retired ${what} again.` };
  return {
    [`GET ${path}`]: list,
    [`POST ${path}`]: create,
    [`GET ${path}/:id`]: get,
    [`PUT ${path}/:id`]: replace,
    [`POST ${path}/:id/retire`]: retire,
    [`POST ${path}/:id/restore`]: restore,
  } as { [K in `GET ${P}`]: typeof list } & { [K in `POST ${P}`]: typeof create } & {
    [K in `GET ${P}/:id`]: typeof get;
  } & { [K in `PUT ${P}/:id`]: typeof replace } & { [K in `POST ${P}/:id/retire`]: typeof retire } & {
    [K in `POST ${P}/:id/restore`]: typeof restore;
  };
}

const treeNode: z.ZodType<AdminTreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      level: z.enum(RECOMMENDATION_LEVELS),
      name: z.string(),
      name_my: z.string().nullable(),
      position: z.number().int(),
      content: z.string().nullable().optional(),
      content_my: z.string().nullable().optional(),
      children: z.array(treeNode),
    }),
  )
  .meta({ id: 'AdminTreeNode' });
const nodeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  name_my: z.string().nullable(),
  position: z.number().int(),
  parent_id: z.number().int().nullable(),
  content: z.string().nullable().optional(),
  content_my: z.string().nullable().optional(),
});

export const adminLibraryDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  file_path: z.string(),
  page_count: z.number().int(),
  indexed_at: nullableInstant,
  index_state: z.enum(['idle', 'indexing', 'failed']),
  index_done: z.number().int(),
  index_total: z.number().int(),
  pending: z.boolean(),
});

const count = z.number().int();
export const adminDashboard = z.object({
  attention: z.object({
    registrations_awaiting_decision: count,
    overdue_at_counterpart: count,
    new_service_requests: count,
    eiet_certificates_expiring: count,
    pile_certificates_expiring: count,
    failed_mail: count,
  }),
  months: z.array(
    z.object({ month: z.string(), submitted: count, decided: count, median_days: z.number().nullable() }),
  ),
  inspections: z.array(z.object({ month: z.string(), results: z.record(z.string(), count) })),
});

export const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  actor_email: z.string(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: instant,
});

/** A node of the tree by its level and id. */
const nodeBase = { ...adminBase, params: recommendationNodeParamsSchema, errors: { 404: 'No such node.' } } as const;
/** A volume of the library by its id. */
const volumeBase = { ...adminBase, params: idParamsSchema, errors: { 404: 'No such volume.' } } as const;

export const adminDataEndpoints = endpoints({
  ...registerEndpoints(
    '/api/admin/projects',
    'project',
    'Project',
    adminProjectQuerySchema,
    projectInputSchema,
    adminProject,
  ),
  ...registerEndpoints(
    '/api/admin/eiet-companies',
    'EIET company',
    'EietCompany',
    adminEietQuerySchema,
    eietCompanyInputSchema,
    adminEietCompany,
  ),
  ...registerEndpoints(
    '/api/admin/pile-companies',
    'pile company',
    'PileCompany',
    adminPileQuerySchema,
    pileCompanyInputSchema,
    adminPileCompany,
  ),
  // The inspection checklists (issue 30): edited like the registers, read by the EIET teams.
  ...registerEndpoints(
    '/api/admin/inspection-checklists',
    'checklist item',
    'ChecklistItem',
    adminTableQuerySchema(CHECKLIST_SORTS),
    checklistItemInputSchema,
    adminChecklistItem,
  ),
  'GET /api/admin/recommendations': {
    ...adminBase,
    operationId: 'adminRecommendationTree',
    summary: 'The whole recommendation tree with ids and positions, for the editor.',
    answers: { 200: dataOf(z.array(treeNode)) },
  },
  'POST /api/admin/recommendations/:level': {
    ...adminBase,
    operationId: 'adminCreateRecommendationNode',
    summary: 'Add a node to a level of the tree (under parent_id, but for a discipline).',
    params: recommendationLevelParamsSchema,
    body: recommendationNodeSchema,
    answers: { 201: dataOf(nodeRow) },
  },
  'PUT /api/admin/recommendations/:level/:id': {
    ...nodeBase,
    operationId: 'adminUpdateRecommendationNode',
    summary: 'Change a node’s name, position, text or parent.',
    body: recommendationNodeSchema,
    answers: { 200: dataOf(nodeRow) },
  },
  'DELETE /api/admin/recommendations/:level/:id': {
    ...nodeBase,
    operationId: 'adminDeleteRecommendationNode',
    summary: 'Delete a node (one without children).',
    answers: { 204: emptyAnswer('Deleted.') },
    errors: { ...nodeBase.errors, 409: 'The node still has children.' },
  },
  'GET /api/admin/library': {
    ...adminBase,
    operationId: 'adminListLibrary',
    summary: 'The library’s volumes with their indexing state.',
    answers: { 200: dataOf(z.array(adminLibraryDocument)) },
  },
  'GET /api/admin/library/:id': {
    ...volumeBase,
    operationId: 'adminGetLibraryDocument',
    summary: 'One volume with its indexing state.',
    answers: { 200: dataOf(adminLibraryDocument) },
  },
  'PUT /api/admin/library/:id': {
    ...volumeBase,
    operationId: 'adminEditLibraryDocument',
    summary: 'Change a volume’s title and description.',
    body: libraryDocumentEditSchema,
    answers: { 200: dataOf(adminLibraryDocument) },
  },
  'POST /api/admin/library/:id/file': {
    ...volumeBase,
    operationId: 'adminReplaceLibraryFile',
    summary: 'Replace a volume’s PDF; it is indexed in the background and served once indexed.',
    body: multipart(z.object({}), {
      file: { contentType: 'application/pdf', maxBytes: LIBRARY_MAX_BYTES, required: true },
    }),
    answers: { 202: dataOf(adminLibraryDocument) },
    errors: { ...volumeBase.errors, 409: 'The volume is being indexed.' },
  },
  'GET /api/admin/dashboard': {
    ...adminBase,
    operationId: 'adminDashboard',
    summary: 'What needs attention now, and the last 12 months by month (Myanmar time).',
    answers: { 200: dataOf(adminDashboard) },
  },
  'GET /api/admin/audit-log': {
    ...adminBase,
    operationId: 'adminAuditLog',
    summary: 'The audit log, newest first, filtered and paged.',
    query: auditQuerySchema,
    answers: { 200: pagedOf(auditEntry) },
  },
  'GET /api/admin/audit-log.csv': {
    ...adminBase,
    operationId: 'adminAuditLogCsv',
    summary: 'The filtered audit log as CSV.',
    query: auditQuerySchema,
    answers: { 200: fileAnswer('text/csv; charset=utf-8', 'One entry a row.') },
    headers: { 'Content-Disposition': { description: 'attachment; filename="audit-log-<day>.csv"' } },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof adminProject>, AdminProject>>,
  Assert<Same<z.output<typeof adminEietCompany>, AdminEietCompany>>,
  Assert<Same<z.output<typeof adminPileCompany>, AdminPileCompany>>,
  Assert<Same<z.output<typeof adminLibraryDocument>, AdminLibraryDocument>>,
  Assert<Same<z.output<typeof adminDashboard>, AdminDashboard>>,
  Assert<Same<z.output<typeof auditEntry>, AuditEntry>>,
];
