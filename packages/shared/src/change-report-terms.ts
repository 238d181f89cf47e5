import type { Discipline } from './counterpart-review-terms';

/**
 * Design changes during construction (issue 30; docs/api.md "Construction"): the kinds,
 * statuses, limits and answers of change reports, without the payloads' zod schemas. The
 * review screen shows the reports and loads this module only, so it builds no schema when it
 * loads (docs/decisions/121 and 128); change-reports.ts re-exports it beside its schemas.
 */

export const CHANGE_REPORT_KINDS = ['minor', 'major'] as const;
export type ChangeReportKind = (typeof CHANGE_REPORT_KINDS)[number];
/** `acknowledged` ends a minor report, `approved` or `rejected` a major one. */
export const CHANGE_REPORT_STATUSES = ['open', 'acknowledged', 'approved', 'rejected'] as const;
export type ChangeReportStatus = (typeof CHANGE_REPORT_STATUSES)[number];
export const CHANGE_REPORT_DESCRIPTION_MAX = 5000;
export const CHANGE_REPORT_DOCUMENTS_MAX = 100;

// ---- Answers ---------------------------------------------------------------------------

export interface ChangeReportDocument {
  id: number;
  discipline: Discipline;
  number: string;
  title: string;
  revision: string;
  /** The revision it replaces in the approved set (null for a new sheet). */
  replaces_id: number | null;
}

export interface ChangeReportSignoff {
  discipline: Discipline;
  kind: 'acknowledged' | 'countersigned';
  name: string;
  license: string;
  signed_at: string;
  content_sha256: string;
  /** Whether it is on the report's present content hash. */
  current: boolean;
}

export interface ChangeReportComment {
  id: number;
  discipline: Discipline;
  text: string;
  author: { name: string };
  created_at: string;
}

export interface ChangeReport {
  id: number;
  registration_id: number;
  kind: ChangeReportKind;
  status: ChangeReportStatus;
  description: string;
  /** The content hash the registration has once these revisions are in the approved set (what a major one's countersignatures sign). */
  content_sha256: string;
  documents: ChangeReportDocument[];
  /** The disciplines that acknowledge (minor) or countersign (major) it. */
  disciplines: Discipline[];
  signoffs: ChangeReportSignoff[];
  comments: ChangeReportComment[];
  decision_note: string | null;
  created_at: string;
  decided_at: string | null;
}

/** The disciplines of a report without a sign-off on its present content. */
export const waitingDisciplines = (r: Pick<ChangeReport, 'disciplines' | 'signoffs'>): Discipline[] =>
  r.disciplines.filter((d) => !r.signoffs.some((s) => s.discipline === d && s.current));
