import { z } from 'zod';
import { disciplineSchema } from './counterpart-review';
import { CHANGE_REPORT_DOCUMENTS_MAX, CHANGE_REPORT_DESCRIPTION_MAX, CHANGE_REPORT_KINDS } from './change-report-terms';
import { registerFieldLabels, rule } from './messages';
import { optionalText, requiredText } from './text-fields';

/**
 * Design changes during construction (issue 30; docs/api.md "Construction"): after approval
 * the owner files a change report with revised sheets. A minor one is acknowledged by the
 * counterparts of its disciplines; a major one is a review round (comments, countersignatures
 * of the new content hash, the committee's decision). Once acknowledged or approved, its
 * revisions are the approved set's, stamped.
 */

export * from './change-report-terms';

registerFieldLabels({
  document_ids: { en: 'revised sheets', my: 'ပြင်ဆင်ထားသော စာရွက်များ' },
  // Its own label: `kind` alone is a drawing's "kind of sheet" (design-documents.ts).
  change_report_kind: { en: 'kind of change', my: 'ပြောင်းလဲမှု အမျိုးအစား' },
});

/** POST /api/registrations/{id}/change-reports (the fixed call). */
export const changeReportCreateSchema = z.object({
  kind: z.enum(CHANGE_REPORT_KINDS, { error: rule('in', 'change_report_kind') }),
  description: requiredText('description', CHANGE_REPORT_DESCRIPTION_MAX),
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
export const changeReportCommentSchema = z.object({ discipline: disciplineSchema, text: requiredText('text', 5000) });

/** PATCH /api/admin/change-reports/{id}: the committee's decision on a major report. */
export const changeReportDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: rule('in', 'status') }),
  note: optionalText('note', 2000),
});
export type ChangeReportDecisionPayload = z.input<typeof changeReportDecisionSchema>;
