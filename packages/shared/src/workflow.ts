import { z } from 'zod';
import { LOCALES, type Locale } from './product';
import { rule } from './messages';
import { idParamsSchema } from './paging';
import { DISCIPLINES, type Discipline } from './counterpart-review-terms';

/**
 * Payloads of the workflow as people live it (issue 28): the account's language, and the
 * committee's and submitter's views of a registration's course.
 */

/** PUT /api/user/locale: the header's language switch, saved on the signed-in account (every later mail uses it). */
export const localeUpdateSchema = z.object({
  locale: z.enum(LOCALES, { error: rule('in', 'locale') }),
});
export type LocaleUpdatePayload = z.input<typeof localeUpdateSchema>;
export interface LocaleUpdateAnswer {
  locale: Locale;
}

/** DELETE /api/reviews/{id}/countersignatures/{discipline}: a counterpart withdraws their countersignature. */
export const withdrawCountersignatureParams = idParamsSchema.extend({
  discipline: z.enum(DISCIPLINES as unknown as [Discipline, ...Discipline[]], { error: rule('in', 'discipline') }),
});
