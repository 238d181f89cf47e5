import { z } from 'zod';

/**
 * Answer pieces several areas share (docs/decisions/063-one-contract.md). Answer schemas
 * describe the JSON as it leaves the server: instants are ISO 8601 strings.
 */

/**
 * What every administrators' call under the `admin` tag shares: spread first in its
 * declaration, which then says only what is its own (docs/decisions/114-declaration-bases.md).
 */
export const adminBase = { tags: ['admin'], guard: 'admin' } as const;

/** The error body of every failure (docs/api.md); `errors` lists every failing field of a 422. */
export const errorBody = z.object({
  message: z.string().describe('In the language of Accept-Language (en or my).'),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  status: z.string().optional().describe('`inactive` for a deactivated account; `error` for an unreadable form.'),
});

/** An error body with more fields (a 409's `reason`, ...): `errorWith('when', { reason: z.enum([...]) })`. */
export const errorWith = (description: string, shape: z.ZodRawShape) => ({
  description,
  body: errorBody.extend(shape),
});

export const instant = z.string().describe('An instant, ISO 8601 with its offset.');
export const nullableInstant = instant.nullable();

/** `{ data: T }`, the envelope of most answers. */
export const dataOf = <T extends z.ZodType>(t: T) => z.object({ data: t });

/** `Paged<T>`: one page of rows and where it stands. */
export const pagedOf = <T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(row: T, meta?: M) =>
  z.object({
    data: z.array(row),
    meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), ...meta } as {
      total: z.ZodNumber;
      page: z.ZodNumber;
      per_page: z.ZodNumber;
    } & M),
  });

/** Form One's answers: field name → text or yes/no. */
export const formOneData = z.record(z.string(), z.union([z.string(), z.boolean()]));
