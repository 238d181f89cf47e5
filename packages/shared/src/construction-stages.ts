import { z } from 'zod';
import { rule } from './messages';
import { CONSTRUCTION_STAGES, STAGE_NOTE_MAX } from './construction-stage-terms';
import { optionalText } from './text-fields';

/**
 * The construction stage notice's request body as a zod schema, for the API and the contract.
 * The stages, their labels and limits are in construction-stage-terms.ts, which this module
 * re-exports; the browser imports that sibling and builds no schema (docs/decisions/121).
 */
export * from './construction-stage-terms';

/** A calendar date "2026-12-01" that exists (not 2026-02-30), between 2000 and 2100. */
const calendarDate = z.string({ error: rule('required', 'date') }).refine(
  (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const at = new Date(Date.UTC(y, mo - 1, d));
    return y >= 2000 && y <= 2100 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
  },
  rule('date', 'date'),
);

/** POST /api/registrations/{id}/stage-notices. */
export const stageNoticeCreateSchema = z.object({
  stage: z.enum(CONSTRUCTION_STAGES, { error: rule('in', 'stage') }),
  date: calendarDate,
  note: optionalText('note', STAGE_NOTE_MAX, 'invalid'),
});
export type StageNoticePayload = z.input<typeof stageNoticeCreateSchema>;
