import { z } from 'zod';
import { rule } from './messages';
import { strictPageQuerySchema } from './paging';
import { optionalText } from './text-fields';
import {
  INSPECTION_KINDS,
  INSPECTION_OUTCOMES,
  INSPECTION_TEXT_MAX,
  SERVICE_REQUEST_NOTE_MAX,
  SERVICE_REQUEST_STATUSES,
} from './company-work-terms';

/**
 * The company work areas' request bodies as zod schemas, for the API and the contract. The
 * statuses, moves, labels and limits are in company-work-terms.ts, which this module
 * re-exports; the browser imports that sibling and builds none of these (issue 31,
 * docs/decisions/121-pages-that-build-no-schemas.md).
 */
export * from './company-work-terms';

/** `company` of PATCH /api/admin/users/{id}: a company to link, or null to unlink. */
export const companyLinkSchema = z
  .object({
    kind: z.enum(['eiet', 'pile'], { error: rule('in', 'company') }),
    id: z
      .number({ error: rule('exists', 'company') })
      .int(rule('exists', 'company'))
      .min(1, rule('exists', 'company')),
  })
  .nullable();

/** PATCH /api/company/service-requests/{id}. A decline needs a note (its reason). */
export const serviceRequestUpdateSchema = z
  .object({
    status: z.enum(['accepted', 'declined', 'completed'], { error: rule('in', 'status') }),
    note: z
      .string({ error: rule('invalid', 'note') })
      .trim()
      .max(SERVICE_REQUEST_NOTE_MAX, rule('max', 'note', SERVICE_REQUEST_NOTE_MAX))
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'declined' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: rule('required', 'note') });
  });
export type ServiceRequestUpdatePayload = z.input<typeof serviceRequestUpdateSchema>;

/** `?status=&page=` of the company inbox: an unknown status is a 422 naming `status`. */
export const companyInboxQuerySchema = strictPageQuerySchema.extend({
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: rule('in', 'status') }).optional(),
});

/** An inspection's notes, reason or remarks: optional, at most INSPECTION_TEXT_MAX characters. */
const inspectionText = (field: string) => optionalText(field, INSPECTION_TEXT_MAX, 'invalid');

/** An instant with its zone ("2026-12-01T03:30:00.000Z" or "+06:30"); checked to be in the future by the server. */
const instant = (field: string) =>
  z
    .string({ error: rule('required', field) })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v),
      rule('date', field),
    )
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), rule('date', field));

/** POST /api/registrations/{id}/inspections. */
export const inspectionCreateSchema = z.object({
  kind: z.enum(INSPECTION_KINDS, { error: rule('in', 'kind') }),
  scheduled_for: instant('scheduled_for'),
  notes: inspectionText('notes'),
});
export type InspectionCreatePayload = z.input<typeof inspectionCreateSchema>;

/** PATCH /api/inspections/{id}: a new time, or a cancellation; either with a reason. */
export const inspectionUpdateSchema = z
  .object({
    scheduled_for: instant('scheduled_for').optional(),
    status: z.literal('cancelled', { error: rule('in', 'status') }).optional(),
    reason: inspectionText('reason'),
  })
  .superRefine((v, ctx) => {
    if (!v.scheduled_for && !v.status) {
      ctx.addIssue({ code: 'custom', path: ['scheduled_for'], message: rule('required', 'scheduled_for') });
    }
    if (v.status === 'cancelled' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: rule('required', 'reason') });
    }
  });
export type InspectionUpdatePayload = z.input<typeof inspectionUpdateSchema>;

/** The text fields of POST /api/inspections/{id}/result (multipart). */
export const inspectionResultSchema = z.object({
  outcome: z.enum(INSPECTION_OUTCOMES, { error: rule('in', 'outcome') }),
  remarks: inspectionText('remarks'),
});
