import { z } from 'zod';
import { ENGINEER_ROLES, FORM_ONE_FIELDS } from './form-one-fields';
import { rule } from './messages';
import { REVIEW_COMMENT_MAX, type Discipline } from './counterpart-review-terms';
import { requiredText } from './text-fields';

/**
 * The counterparts' review's request bodies as zod schemas, for the API and the contract. The
 * disciplines, their titles, the limits and the answers' shapes are in counterpart-review-terms.ts,
 * which this module re-exports; the browser imports that sibling and builds none of these
 * (docs/decisions/121-pages-that-build-no-schemas.md).
 */
export * from './counterpart-review-terms';

const FORM_ONE_FIELD_NAMES: ReadonlySet<string> = new Set(FORM_ONE_FIELDS.map((f) => f.name));

export const disciplineSchema = z.enum(ENGINEER_ROLES.map((r) => r.key) as [Discipline, ...Discipline[]], {
  error: rule('in', 'discipline'),
});
const fieldSchema = z
  .string({ error: rule('in', 'field') })
  .refine((v) => FORM_ONE_FIELD_NAMES.has(v), rule('in', 'field'))
  .nullish()
  .transform((v) => v ?? null);
const textSchema = requiredText('text', REVIEW_COMMENT_MAX);

const fraction = (name: string) =>
  z
    .number({ error: rule('between', name, 0, 1) })
    .min(0, rule('between', name, 0, 1))
    .max(1, rule('between', name, 0, 1));
const wholeFrom1 = (name: string) =>
  z
    .number({ error: rule('integer', name) })
    .int(rule('integer', name))
    .min(1, rule('integer', name))
    .max(1_000_000, rule('integer', name));

/**
 * POST /api/reviews/{id}/comments: on a Form One field, or pinned to a point of a page of a
 * design document (`document_id`, `page`, `x`, `y` from the page's top left, 0–1), and
 * optionally citing a page of a building-code volume (docs/api.md "Documents of a registration").
 */
export const reviewCommentSchema = z
  .object({
    discipline: disciplineSchema,
    field: fieldSchema,
    text: textSchema,
    document_id: wholeFrom1('document_id').nullish(),
    page: wholeFrom1('page').nullish(),
    x: fraction('x').nullish(),
    y: fraction('y').nullish(),
    clause: z
      .object(
        { library_id: wholeFrom1('clause.library_id'), page: wholeFrom1('clause.page') },
        { error: rule('required', 'clause') },
      )
      .nullish(),
  })
  .superRefine((v, ctx) => {
    // A pin is a document, a page and a point together; a page or point alone means nothing.
    const pin = [v.page, v.x, v.y].some((p) => p !== undefined && p !== null);
    if (pin && (v.document_id === undefined || v.document_id === null)) {
      ctx.addIssue({ code: 'custom', path: ['document_id'], message: rule('required_with', 'document_id', 'page') });
    }
    if (v.document_id !== undefined && v.document_id !== null) {
      for (const k of ['page', 'x', 'y'] as const) {
        if (v[k] === undefined || v[k] === null) {
          ctx.addIssue({ code: 'custom', path: [k], message: rule('required_with', k, 'document_id') });
        }
      }
    }
  });
export type ReviewCommentPayload = z.input<typeof reviewCommentSchema>;

/** POST /api/registrations/{id}/comments/{comment}/answer: the submitter's answer to a comment. */
export const commentAnswerSchema = z.object({ text: textSchema });
export type CommentAnswerPayload = z.input<typeof commentAnswerSchema>;

/** POST /api/reviews/{id}/request-changes: at least one comment. */
export const requestChangesSchema = z.object({
  discipline: disciplineSchema,
  comments: z
    .array(z.object({ field: fieldSchema, text: textSchema }), { error: rule('required', 'comments') })
    .min(1, rule('required', 'comments'))
    .max(50, rule('max', 'comments', 50)),
});
export type RequestChangesPayload = z.input<typeof requestChangesSchema>;

/**
 * POST /api/reviews/{id}/countersign: `content_sha256` is the content hash the counterpart
 * reviewed (the one their screen showed); a 409 `stale` answers any other.
 */
export const countersignSchema = z.object({
  discipline: disciplineSchema,
  content_sha256: z
    .string({ error: rule('required', 'content_sha256') })
    .regex(/^[0-9a-f]{64}$/, rule('in', 'content_sha256')),
});
export type CountersignPayload = z.input<typeof countersignSchema>;
