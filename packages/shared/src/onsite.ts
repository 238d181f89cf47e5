import { z } from 'zod';
import { rule } from './messages';
import { INSPECTION_KINDS, INSPECTION_TEXT_MAX, type InspectionKind } from './company-work-terms';
import { optionalText, requiredText } from './text-fields';

/**
 * Issue 30, on-site inspections: the checklist of each inspection kind (edited by the
 * committee like the other public data), an inspection's recorded checklist, and its photos
 * (docs/decisions/097–099).
 */

export const CHECKLIST_RESULTS = ['passed', 'failed', 'not_applicable'] as const;
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

/** A photo as sent (the original) may be this large; the resized copy is much smaller. */
export const INSPECTION_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The longer side of the resized copy the browser makes for showing and for the report. */
export const INSPECTION_PHOTO_RESIZED_EDGE = 1280;
export const CHECKLIST_TEXT_MAX = 500;

/** One item of a kind's checklist, as the administrator edits it (POST/PUT /api/admin/inspection-checklists). */
export const checklistItemInputSchema = z.object({
  kind: z.enum(INSPECTION_KINDS, { error: rule('in', 'kind') }),
  position: z.coerce
    .number({ error: rule('integer', 'position') })
    .int(rule('integer', 'position'))
    .min(0, rule('between', 'position', 0, 999))
    .max(999, rule('between', 'position', 0, 999)),
  text_en: requiredText('text_en', CHECKLIST_TEXT_MAX),
  text_my: requiredText('text_my', CHECKLIST_TEXT_MAX),
  /** Which technical recommendation the item comes from (e.g. "Structural › Foundations › 2.3"). */
  recommendation: optionalText('recommendation', 200),
});
export type ChecklistItemInput = z.input<typeof checklistItemInputSchema>;

export interface ChecklistItem {
  id: number;
  kind: InspectionKind;
  position: number;
  text_en: string;
  text_my: string;
  recommendation: string | null;
}
export interface AdminChecklistItem extends ChecklistItem {
  updated_at: string;
  retired_at: string | null;
}
export const CHECKLIST_SORTS = ['kind', 'position', 'text_en', 'updated_at'] as const;

/** PATCH /api/inspections/{id}/checklist: every item answered, with an optional note. */
export const checklistRecordSchema = z.object({
  items: z
    .array(
      z.object({
        item_id: z.number({ error: rule('integer', 'items') }).int(rule('integer', 'items')),
        result: z.enum(CHECKLIST_RESULTS, { error: rule('in', 'items') }),
        // A note's limit is reported on `items`, as every other fault of the list is.
        note: optionalText('items', INSPECTION_TEXT_MAX),
      }),
      { error: rule('required', 'items') },
    )
    .min(1, rule('required', 'items'))
    .max(200, rule('max', 'items', 200)),
});
export type ChecklistRecordPayload = z.input<typeof checklistRecordSchema>;

/** One recorded answer: the item's wording as it was on the day, so a later edit changes no record. */
export interface RecordedChecklistItem {
  item_id: number;
  text_en: string;
  text_my: string;
  recommendation: string | null;
  result: ChecklistResult;
  note: string | null;
}

const sha256Hex = z
  .string({ error: rule('required', 'sha256') })
  .regex(/^[0-9a-f]{64}$/, rule('photo_hash_format', 'sha256'));
const coordinate = (field: string, limit: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : null))
    .refine((v) => v === null || (Number.isFinite(v) && Math.abs(v) <= limit), rule('between', field, -limit, limit));

/** The text fields of POST /api/inspections/{id}/photos (multipart; `photo` the original, `resized` its copy). */
export const inspectionPhotoFieldsSchema = z.object({
  sha256: sha256Hex,
  taken_at: z
    .string({ error: rule('required', 'taken_at') })
    .refine((v) => !Number.isNaN(Date.parse(v)) && /T.*(Z|[+-]\d{2}:\d{2})$/.test(v), rule('date', 'taken_at'))
    .transform((v) => new Date(v)),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  accuracy: coordinate('accuracy', 100_000),
});

export interface InspectionPhoto {
  id: number;
  inspection_id: number;
  sha256: string;
  size: number;
  type: string;
  taken_at: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  created_at: string;
  /** The resized copy (shown), and the original as taken. */
  url: string;
  original_url: string;
}

/** What one inspection carries on site: its recorded checklist (or none yet) and photos. */
export interface OnsiteRecord {
  inspection_id: number;
  checklist: RecordedChecklistItem[] | null;
  checklist_updated_at: string | null;
  photos: InspectionPhoto[];
}
