import { z } from 'zod';
import { rule } from './messages';
import { idParamsSchema } from './paging';
import { requiredText, searchText } from './text-fields';
import type { EietCompany, PileCompany } from './companies';
import { PROJECT_STATUSES, type Project } from './projects';

/**
 * The committee's editing of public data and its audit log (issue 16): the payloads the
 * admin screens send and the API validates, one schema for both sides.
 */

/** What an audit entry is about: one name per kind of record, used in filters and the CSV. */
export const AUDIT_RECORD_TYPES = [
  'user',
  'registration',
  'project',
  'eiet_company',
  'pile_company',
  'discipline',
  'sub_discipline',
  'recommendation_title',
  'recommendation_sub_title',
  'recommendation_item',
  'library_document',
  'service_request',
  'inspection',
  'holiday',
  'clock_target',
  'checklist_item',
  'inspection_photo',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export interface AuditEntry {
  id: number;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  /** What was done: create, update, retire, restore, delete, status, replace_file ... */
  action: string;
  record_type: string;
  record_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

export const AUDIT_PER_PAGE = 25;
/** The admin tables' page size unless the query asks for another (at most ADMIN_MAX_PER_PAGE). */
export const ADMIN_TABLE_PER_PAGE = 20;
export const ADMIN_MAX_PER_PAGE = 100;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const pageField = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: rule('integer', field) })
      .int(rule('integer', field))
      .min(1, rule('integer', field))
      .max(1_000_000, rule('integer', field))
      .optional(),
  );

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const dateFilter = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: rule('date', field) })
      .refine(isCalendarDate, rule('date', field))
      .optional(),
  );

/** GET /api/admin/audit-log and its CSV export. */
export const auditQuerySchema = z.object({
  /** A person: part of the actor's name or e-mail. */
  actor: searchText('actor', 255),
  record_type: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_RECORD_TYPES, { error: rule('in', 'record_type') }).optional(),
  ),
  record_id: searchText('record_id', 64),
  from: dateFilter('from'),
  to: dateFilter('to'),
  page: pageField('page'),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** Which rows an admin table shows: those in public use, the retired ones, or all. */
export const RETIRED_FILTERS = ['active', 'retired', 'all'] as const;
export type RetiredFilter = (typeof RETIRED_FILTERS)[number];

/** The query of every admin table of public data: paging, sorting and search on the server. */
export function adminTableQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: searchText('q', 255),
    page: pageField('page'),
    per_page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: rule('between', 'per_page', 1, ADMIN_MAX_PER_PAGE) })
        .int(rule('between', 'per_page', 1, ADMIN_MAX_PER_PAGE))
        .min(1, rule('between', 'per_page', 1, ADMIN_MAX_PER_PAGE))
        .max(ADMIN_MAX_PER_PAGE, rule('between', 'per_page', 1, ADMIN_MAX_PER_PAGE))
        .optional(),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(sortable, { error: rule('in', 'sort') }).optional()),
    dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: rule('in', 'dir') }).optional()),
    retired: z.preprocess(blankToUndefined, z.enum(RETIRED_FILTERS, { error: rule('in', 'retired') }).optional()),
  });
}

export const PROJECT_SORTS = ['rn_number', 'project_name', 'developer', 'status', 'storey', 'updated_at'] as const;
export const EIET_SORTS = ['eiet_name', 'ceo_name', 'certificate_expire_date', 'updated_at'] as const;
export const PILE_SORTS = ['company_name', 'item', 'certificate_expire_date', 'updated_at'] as const;
export const adminProjectQuerySchema = adminTableQuerySchema(PROJECT_SORTS);
export const adminEietQuerySchema = adminTableQuerySchema(EIET_SORTS);
export const adminPileQuerySchema = adminTableQuerySchema(PILE_SORTS);
export type AdminTableQuery = z.input<typeof adminProjectQuerySchema>;

const wholeNumber = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: rule('required', field) })
      .int(rule('integer', field))
      .min(min, rule('between', field, min, max))
      .max(max, rule('between', field, min, max)),
  );

/** A project of the public list as an administrator writes it. */
export const projectInputSchema = z.object({
  rn_number: wholeNumber('rn_number', 1, 99_999_999),
  project_name: requiredText('project_name', 255),
  developer: requiredText('developer', 255),
  status: z.enum(PROJECT_STATUSES, { error: rule('in', 'status') }),
  basement: wholeNumber('basement', 0, 20),
  storey: wholeNumber('storey', 1, 200),
  // Blank is "not given" (null): a project published on approval has no height until the
  // committee enters one (issue 28, item 6).
  building_height: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v === undefined ? null : v),
    z
      .number({ error: rule('between', 'building_height', 1, 1000) })
      .gt(0, rule('between', 'building_height', 1, 1000))
      .max(1000, rule('between', 'building_height', 1, 1000))
      .nullable(),
  ),
  location: requiredText('location', 255),
  region: requiredText('region', 255),
  state: requiredText('state', 255),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

const certificateDate = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: rule('date', field) })
      .refine(isCalendarDate, rule('date', field))
      .nullish()
      .transform((v) => v ?? null),
  );

/** Certificate dates: the expiry comes after the issue, and an expiry needs an issue date. */
function checkCertificateDates(
  v: { issue_certificate_date: string | null; certificate_expire_date: string | null },
  ctx: z.RefinementCtx,
) {
  const { issue_certificate_date: issued, certificate_expire_date: expires } = v;
  if (expires && !issued) {
    ctx.addIssue({
      code: 'custom',
      path: ['issue_certificate_date'],
      message: rule('required_with', 'issue_certificate_date', 'certificate_expire_date'),
    });
  }
  if (issued && expires && expires <= issued) {
    ctx.addIssue({
      code: 'custom',
      path: ['certificate_expire_date'],
      message: rule('after', 'certificate_expire_date', 'issue_certificate_date'),
    });
  }
}

const contact = {
  email_address: requiredText('email_address', 500)
    // One or two addresses, one a line (specification section 3).
    .refine(
      (v) => v.split(/\r?\n/).every((line) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(line.trim())),
      rule('email', 'email_address'),
    ),
  phone_number: requiredText('phone_number', 100),
  issue_certificate_date: certificateDate('issue_certificate_date'),
  certificate_expire_date: certificateDate('certificate_expire_date'),
};

export const eietCompanyInputSchema = z
  .object({
    eiet_name: requiredText('eiet_name', 255),
    ceo_name: requiredText('ceo_name', 255),
    office_address: requiredText('office_address', 1000),
    ...contact,
  })
  .superRefine(checkCertificateDates);
export type EietCompanyInput = z.input<typeof eietCompanyInputSchema>;

export const pileCompanyInputSchema = z
  .object({
    company_name: requiredText('company_name', 255),
    item: requiredText('item', 1000),
    address: requiredText('address', 1000),
    ...contact,
  })
  .superRefine(checkCertificateDates);
export type PileCompanyInput = z.input<typeof pileCompanyInputSchema>;

/** A row of an admin table: the public fields plus when it was changed and whether it is retired. */
export interface AdminRowMeta {
  updated_at: string;
  retired_at: string | null;
}

/** A project as the public list shows it, with the admin meta. */
export interface AdminProject extends Project, AdminRowMeta {}

/** An EIET company as the public register shows it, with the admin meta. */
export interface AdminEietCompany extends EietCompany, AdminRowMeta {}

/** A pile company as the public register shows it, with the contact details only the admin sees. */
export interface AdminPileCompany extends PileCompany, AdminRowMeta {
  email_address: string;
  phone_number: string;
}

/** The levels of the technical recommendation tree, top down, as the admin calls name them. */
export const RECOMMENDATION_LEVELS = ['discipline', 'sub_discipline', 'title', 'sub_title', 'item'] as const;
export type RecommendationLevel = (typeof RECOMMENDATION_LEVELS)[number];

/**
 * A Burmese text beside an English one (decision 106): optional, with the English one's limit;
 * blank is none (null), and left out it stays as it was.
 */
const burmeseText = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: rule('string', field) })
      .trim()
      .max(max, rule('max', field, max))
      .nullish(),
  );

/**
 * One node of the tree: its name, its place among its siblings, and (items only) its text;
 * each text also in Burmese if the committee gives one.
 */
export const recommendationNodeSchema = z.object({
  name: requiredText('name', 1000),
  name_my: burmeseText('name_my', 1000),
  position: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || v === null ? undefined : v),
    z
      .number({ error: rule('integer', 'position') })
      .int(rule('integer', 'position'))
      .min(0, rule('between', 'position', 0, 10000))
      .max(10000, rule('between', 'position', 0, 10000))
      .optional(),
  ),
  content: z
    .string()
    .max(20000, rule('max', 'content', 20000))
    .nullish(),
  content_my: burmeseText('content_my', 20000),
  /** The parent's id (none for a discipline). */
  parent_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: rule('exists', 'parent_id') })
      .int(rule('exists', 'parent_id'))
      .min(1, rule('exists', 'parent_id'))
      .optional(),
  ),
});
export type RecommendationNodeInput = z.input<typeof recommendationNodeSchema>;

export const recommendationLevelParamsSchema = z.object({
  level: z.enum(RECOMMENDATION_LEVELS, { error: rule('in', 'level') }),
});
export const recommendationNodeParamsSchema = z.object({
  level: z.enum(RECOMMENDATION_LEVELS, { error: rule('in', 'level') }),
  id: idParamsSchema.shape.id,
});

/** A library volume's title and description as an administrator edits them. */
export const libraryDocumentEditSchema = z.object({
  title: requiredText('title', 255),
  description: requiredText('description', 2000),
});
export type LibraryDocumentEdit = z.input<typeof libraryDocumentEditSchema>;

export interface AdminLibraryDocument {
  id: number;
  title: string;
  description: string;
  file_path: string;
  page_count: number;
  indexed_at: string | null;
  /** The background indexing of a replaced file: idle, indexing or failed. */
  index_state: 'idle' | 'indexing' | 'failed';
  index_done: number;
  index_total: number;
  /** A replacement is waiting to be indexed; the current file serves until then. */
  pending: boolean;
}

/** The largest PDF a library volume may be replaced with. */
export const LIBRARY_MAX_BYTES = 100 * 1024 * 1024;

/** A node of the recommendation tree as the editor sees it. */
export interface AdminTreeNode {
  id: number;
  level: RecommendationLevel;
  name: string;
  name_my: string | null;
  position: number;
  content?: string | null;
  content_my?: string | null;
  children: AdminTreeNode[];
}

/** GET /api/admin/dashboard: what needs attention now, and the last 12 months by month (Myanmar time). */
export interface AdminDashboard {
  attention: {
    registrations_awaiting_decision: number;
    /** Of those, submitted over 14 days ago and still missing a named counterpart's countersignature. */
    overdue_at_counterpart: number;
    /** Received in the last seven days. */
    new_service_requests: number;
    /** Public EIET companies whose certificate ends within 30 days. */
    eiet_certificates_expiring: number;
    /** Public pile companies whose certificate ends within 90 days. */
    pile_certificates_expiring: number;
    failed_mail: number;
  };
  months: { month: string; submitted: number; decided: number; median_days: number | null }[];
  /** Inspections with a result, per month of the inspection and outcome (passed, failed, conditional). */
  inspections: { month: string; results: Record<string, number> }[];
}
