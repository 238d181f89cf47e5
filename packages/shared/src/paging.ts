import { z } from 'zod';
import { rule } from './messages';

/** The `meta` of every paged list answer (docs/api.md). */
export interface PageMeta {
  total: number;
  page: number;
  per_page: number;
}

/** A paged list answer: one page of rows and where it stands. `M` adds list-specific meta. */
export interface Paged<T, M extends object = object> {
  data: T[];
  meta: PageMeta & M;
}

/** How many pages `total` rows make at `perPage` a page; at least one. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * `:id` in a path, read leniently: a whole number from 1, else null, so the route
 * answers its own 404 ("Registration not found.") instead of a 422.
 */
export const idParamsSchema = z.object({
  id: z.string().transform((v) => (/^[1-9]\d{0,8}$/.test(v) ? Number(v) : null)),
});

/** `:id` in a path, read strictly: anything but a whole number from 1 is a 422 naming `id`. */
export const strictIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, rule('exists', 'id'))
    .transform(Number),
});

/** `?page=` read strictly: a whole number from 1 or absent, else a 422 naming `page`. */
export const strictPageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, rule('integer', 'page'))
    .transform(Number)
    .optional(),
});

/** `?page=&per_page=` read leniently: what is not a usable number falls back to the default. */
export function lenientPageQuery(defaultPerPage: number, maxPerPage: number) {
  return {
    page: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Math.max(1, Number(v)) : 1)),
    per_page: z
      .unknown()
      .optional()
      .transform((v) =>
        typeof v === 'string' && /^\d{1,3}$/.test(v) ? Math.min(maxPerPage, Math.max(1, Number(v))) : defaultPerPage,
      ),
  };
}
