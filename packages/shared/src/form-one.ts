import { z } from 'zod';
import { rule } from './messages';
import {
  EIET_COMPANY_ID,
  FORM_ONE_FIELDS,
  FORM_ONE_STEP_COUNT,
  buildingProblems,
  checkboxProblem,
  inFormOrder,
  textProblem,
  type FormOneField,
  type FormOneValue,
} from './form-one-fields';

/**
 * Form One's zod schemas: the submit schema the server checks a registration with, and the
 * draft's body. The steps, the fields and their rules are in form-one-fields.ts, which this
 * module re-exports (so the API and the tests import Form One from here, unchanged); the
 * browser imports that sibling and builds no schema (docs/decisions/121-pages-that-build-no-schemas.md).
 */
export * from './form-one-fields';

function textRule(f: FormOneField) {
  return z
    .string({ error: rule('invalid', f.name) })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .superRefine((v, ctx) => {
      const problem = textProblem(f, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

function checkboxRule(f: FormOneField) {
  return z
    .boolean({ error: rule('invalid', f.name) })
    .nullish()
    .transform((v) => v === true)
    .superRefine((v, ctx) => {
      const problem = checkboxProblem(f, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The EIET company's id (form-one-fields.ts, `EIET_COMPANY_ID`): a whole number from 1, sent as a number or digits. */
const companyIdValue = () =>
  z
    .union([z.number().int().min(1).max(999_999_999), z.string().regex(/^([1-9][0-9]{0,8})?$/)], {
      error: rule('exists', EIET_COMPANY_ID),
    })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v)));

/**
 * The one schema a submitted registration must satisfy, on the server (the form checks the
 * same rules with `formOneProblems`, without zod). Every message is a code (see messages.ts)
 * keyed by the real field name. Built on first use (`z.lazy`), as is the draft's: a rule per
 * field is about 100 ms of script on a mid-range phone (issue 31, docs/decisions/120-first-render-in-slices.md).
 */
export const formOneSubmitSchema = z.lazy(() =>
  z
    .object(
      Object.fromEntries([
        ...FORM_ONE_FIELDS.map((f) => [f.name, f.kind === 'checkbox' ? checkboxRule(f) : textRule(f)] as const),
        [EIET_COMPANY_ID, companyIdValue()] as const,
      ]),
    )
    .superRefine((data, ctx) => {
      for (const p of buildingProblems(data)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
    }),
);

export type FormOneSubmission = Record<string, FormOneValue>;

/** Any subset of the known fields, of the right types and sizes; saved as the user types. */
export const formOneDraftDataSchema = z.lazy(() =>
  z.object(
    Object.fromEntries([
      ...FORM_ONE_FIELDS.map((f) => [
        f.name,
        f.kind === 'checkbox'
          ? z.boolean({ error: rule('invalid', f.name) }).optional()
          : z
              .string({ error: rule('invalid', f.name) })
              .max(f.max, rule('too_long', f.name, f.max))
              .optional(),
      ]),
      [EIET_COMPANY_ID, companyIdValue()],
    ]),
  ),
);

export const formOneStepSchema = z
  .number({ error: rule('invalid', 'current_step') })
  .int(rule('invalid', 'current_step'))
  .min(1, rule('invalid', 'current_step'))
  .max(FORM_ONE_STEP_COUNT, rule('invalid', 'current_step'));

/** PUT /api/registrations/{id}/draft and POST /api/registrations. */
export const registrationDraftSchema = z.object({
  data: formOneDraftDataSchema.optional(),
  current_step: formOneStepSchema.optional(),
});
export type RegistrationDraftPayload = z.infer<typeof registrationDraftSchema>;

/** The problems of a registration as field → message codes, in the order of the form. */
export function formOneErrors(data: Record<string, unknown>): Record<string, string[]> {
  const result = formOneSubmitSchema.safeParse(data);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'data');
    (errors[key] ??= []).push(issue.message);
  }
  return inFormOrder(errors);
}
