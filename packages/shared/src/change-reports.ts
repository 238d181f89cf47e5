import { z } from 'zod';
import { disciplineSchema, type Discipline } from './counterpart-review';
import { registerFieldLabels, rule } from './messages';

/**
 * Design changes during construction (issue 30; docs/api.md "Construction"): after approval
 * the owner files a change report with revised sheets. A minor one is acknowledged by the
 * counterparts of its disciplines; a major one is a review round (comments, countersignatures
 * of the new content hash, the committee's decision). Once acknowledged or approved, its
 * revisions are the approved set's, stamped.
 */

export const CHANGE_REPORT_KINDS = ['minor', 'major'] as const;
export type ChangeReportKind = (typeof CHANGE_REPORT_KINDS)[number];
/** `acknowledged` ends a minor report, `approved` or `rejected` a major one. */
export const CHANGE_REPORT_STATUSES = ['open', 'acknowledged', 'approved', 'rejected'] as const;
export type ChangeReportStatus = (typeof CHANGE_REPORT_STATUSES)[number];
export const CHANGE_REPORT_DESCRIPTION_MAX = 5000;
export const CHANGE_REPORT_DOCUMENTS_MAX = 100;

registerFieldLabels({
  document_ids: { en: 'revised sheets', my: 'ပြင်ဆင်ထားသော စာရွက်များ' },
  // Its own label: `kind` alone is a drawing's "kind of sheet" (design-documents.ts).
  change_report_kind: { en: 'kind of change', my: 'ပြောင်းလဲမှု အမျိုးအစား' },
});

const text = (name: string, max: number) =>
  z
    .string({ error: rule('required', name) })
    .trim()
    .min(1, rule('required', name))
    .max(max, rule('max', name, max));

/** POST /api/registrations/{id}/change-reports (the fixed call). */
export const changeReportCreateSchema = z.object({
  kind: z.enum(CHANGE_REPORT_KINDS, { error: rule('in', 'change_report_kind') }),
  description: text('description', CHANGE_REPORT_DESCRIPTION_MAX),
  document_ids: z
    .array(z.number({ error: rule('exists', 'document_ids') }).int(rule('exists', 'document_ids')), {
      error: rule('required', 'document_ids'),
    })
    .min(1, rule('required', 'document_ids'))
    .max(CHANGE_REPORT_DOCUMENTS_MAX, rule('max', 'document_ids', CHANGE_REPORT_DOCUMENTS_MAX)),
});
export type ChangeReportCreatePayload = z.input<typeof changeReportCreateSchema>;

/** POST /api/change-reports/{id}/acknowledge: a counterpart acknowledges a minor report for a discipline. */
export const changeReportAcknowledgeSchema = z.object({ discipline: disciplineSchema });

/** POST /api/change-reports/{id}/comments. */
export const changeReportCommentSchema = z.object({ discipline: disciplineSchema, text: text('text', 5000) });

/** PATCH /api/admin/change-reports/{id}: the committee's decision on a major report. */
export const changeReportDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: rule('in', 'status') }),
  note: z
    .string()
    .trim()
    .max(2000, rule('max', 'note', 2000))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ChangeReportDecisionPayload = z.input<typeof changeReportDecisionSchema>;

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
