import type { z } from 'zod';
import type { RoleSlug } from '../roles';

/**
 * One declaration per endpoint (docs/decisions/063-one-contract.md): the API registers
 * its routes from these (`route()` in apps/api/src/plugins/route.ts), the web app calls
 * through them (`call()` in apps/web/src/lib/api-client.ts, types only), and the OpenAPI
 * document is generated from them (apps/api/src/plugins/openapi-document.ts).
 *
 * This file builds no schema at its top level, so importing its types or helpers costs
 * the browser nothing (decision 058).
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: a signed-in account, a verified one, one with a role, an administrator. Absent: anyone. */
export type Guard = 'user' | 'verified' | 'admin' | { role: RoleSlug };

/**
 * A rate limit of @fastify/rate-limit. `per: 'ip'` (the default) counts by address, before
 * anything else runs; `per: 'account'` counts by the signed-in account (after the guard),
 * falling back to the address. `key` names the counter (`<key>:<ip or account>`); without it
 * the address alone is the key (one counter shared by every route limited that way).
 */
export interface RateLimit {
  max: number;
  timeWindow: number;
  key?: string;
  per?: 'ip' | 'account';
}

/** A file in a multipart body. */
export interface FilePart {
  contentType: string;
  maxBytes: number;
  required: boolean;
  description?: string;
}

/** A multipart/form-data body: its text fields (a zod object, checked by the service) and its files. */
export interface MultipartBody<F extends z.ZodType = z.ZodType> {
  kind: 'multipart';
  fields: F;
  files: Record<string, FilePart>;
}

/** An answer that is a file rather than JSON (a PDF, a CSV, a calendar). */
export interface FileAnswer {
  kind: 'file';
  contentType: string;
  description: string;
}

/** An answer with no body (204, 304). */
export interface EmptyAnswer {
  kind: 'empty';
  description: string;
}

export type Answer = z.ZodType | FileAnswer | EmptyAnswer;

/** An error answer whose body carries more than `message` and `errors` (e.g. a 409's `reason`). */
export interface ErrorAnswer {
  description: string;
  body: z.ZodType;
}

/** An answer header, documented (and checked by the contract test). */
export interface AnswerHeader {
  description: string;
  required?: boolean;
}

export interface Endpoint {
  /** Unique, camelCase: the name a generated client gives the call. */
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  guard?: Guard;
  rateLimit?: RateLimit;
  /** The double-submit CSRF token of plugins/csrf.ts is required (the token-less forms). */
  csrf?: boolean;
  /**
   * Takes an `Idempotency-Key` header: a repeat by the same account answers the first answer
   * again (docs/decisions/092-idempotent-replays.md; the contract's "Replays"). Guarded calls only.
   */
  idempotent?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | MultipartBody;
  /**
   * The service validates the body (with this schema), after its own permission and
   * existence checks, so a refusal or a 404 comes before a 422: the route leaves it alone.
   * `optional`: the body may be left out.
   */
  bodyCheckedBy?: 'service' | 'service, optional';
  /** Every success answer by status (2xx, 304). */
  answers: Readonly<Record<number, Answer>>;
  /**
   * The error answers this route gives beyond those derived from the declaration (401/403
   * from the guard, 404 from a lenient :id, 400/413/422 from a body, 422 from params and
   * query, 429 from a rate limit, 500/503 everywhere): status → when.
   */
  errors?: Readonly<Record<number, string | ErrorAnswer>>;
  /** Headers the answers carry (e.g. ETag, Content-Disposition). */
  headers?: Readonly<Record<string, AnswerHeader>>;
  /**
   * Public records any other site may read from a browser (open data, the statistics): every
   * answer carries OPEN_TO_ALL_HEADERS, without credentials. The one place this is decided
   * (docs/decisions/085): the API sets the headers from it, the OpenAPI document lists them.
   */
  openToAll?: true;
  /**
   * Answered before Fastify's routing, as the same status, headers and bytes
   * (docs/decisions/028, 061, 064): `prepared`, the route's prepared answer to its path
   * without a query string; `queried`, a body the route has at hand for the whole URL, counted
   * under the declaration's rate limit. `route()` registers it from the route's registration
   * and refuses at start a GET with a guard or hooks of its own (they would be skipped).
   */
  fastPath?: 'prepared' | 'queried';
}

/**
 * What `openToAll` adds to every answer: any origin may read it (`*`, so browsers never send
 * cookies or credentials with it), read its ETag for revalidation, and embed it.
 */
export const OPEN_TO_ALL_HEADERS: readonly (readonly [string, string])[] = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', 'ETag'],
  ['cross-origin-resource-policy', 'cross-origin'],
];

/** The declarations of one area, keyed `'METHOD /path/:param'`. */
export type Endpoints = Readonly<Record<`${HttpMethod} /${string}`, Endpoint>>;

/** Declares the endpoints of one area; the keys and their declarations keep their exact types. */
export const endpoints = <const E extends Endpoints>(e: E): E => e;

export const multipart = <F extends z.ZodType>(fields: F, files: Record<string, FilePart>): MultipartBody<F> => ({
  kind: 'multipart',
  fields,
  files,
});
export const fileAnswer = (contentType: string, description: string): FileAnswer => ({
  kind: 'file',
  contentType,
  description,
});
export const emptyAnswer = (description: string): EmptyAnswer => ({ kind: 'empty', description });

export const isMultipart = (b: Endpoint['body']): b is MultipartBody =>
  !!b && typeof b === 'object' && (b as { kind?: unknown }).kind === 'multipart';
export const isZodAnswer = (a: Answer): a is z.ZodType => !('kind' in a && typeof a.kind === 'string');

/** `'GET /api/x/:id'` → `['GET', '/api/x/:id']`. */
export function splitKey(key: string): [HttpMethod, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as HttpMethod, key.slice(space + 1)];
}

/** A declared path with its params filled in: `pathTo('GET /api/x/:id', {id: 3})` → `/api/x/3` (links the server writes into answers). */
export function pathTo(key: string, params: Record<string, string | number>): string {
  return splitKey(key)[1].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

// ---- Types derived from a declaration ---------------------------------------------------

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of an answer as JSON carries it. */
export type AnswerBody<A> = A extends z.ZodType ? z.output<A> : A extends FileAnswer ? Blob : undefined;

/** The success answer's body (2xx; a 304 is no answer for a caller). */
export type SuccessOf<E extends Endpoint> = {
  [S in keyof E['answers']]: S extends SuccessStatus ? AnswerBody<E['answers'][S]> : never;
}[keyof E['answers']];

/** What the server's handler returns for a success: dates may still be Date objects (JSON turns them into strings). */
export type ReplyOf<E extends Endpoint> = Serialisable<SuccessOf<E>>;
type Serialisable<T> = T extends string
  ? T | (string extends T ? Date : never)
  : T extends readonly (infer U)[]
    ? readonly Serialisable<U>[]
    : T extends Blob
      ? never
      : T extends object
        ? { [K in keyof T]: Serialisable<T[K]> }
        : T;

/** A path parameter or query value as a caller gives it (numbers are written out). */
type Loose<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number : T[K] };

export type ParamsIn<E extends Endpoint> = E['params'] extends z.ZodType ? Loose<In<E['params']>> : undefined;
export type QueryIn<E extends Endpoint> = E['query'] extends z.ZodType ? Partial<Loose<In<E['query']>>> : undefined;
export type BodyIn<E extends Endpoint> = E['body'] extends MultipartBody
  ? FormData
  : E['body'] extends z.ZodType
    ? In<E['body']>
    : undefined;

/** What the server reads once the schemas have run. */
export type ParamsOut<E extends Endpoint> = E['params'] extends z.ZodType ? Out<E['params']> : unknown;
export type QueryOut<E extends Endpoint> = E['query'] extends z.ZodType ? Out<E['query']> : unknown;
export type BodyOut<E extends Endpoint> = E extends { bodyCheckedBy: string }
  ? unknown
  : E['body'] extends z.ZodType
    ? Out<E['body']>
    : unknown;

type Optional<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };
/** The `{params, query, body}` a web call passes; what the declaration has not, it may leave out. */
export type CallInput<E extends Endpoint> = Optional<'params', ParamsIn<E>> &
  (E['query'] extends z.ZodType ? { query?: QueryIn<E> } : { query?: undefined }) &
  (E extends { bodyCheckedBy: 'service, optional' } ? { body?: BodyIn<E> } : Optional<'body', BodyIn<E>>);

/** Whether two types are the same: an area's `Checks` keep each answer schema equal to its interface. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A type check that fails to compile unless `T` is `true`: `export type Checks = [Assert<Same<...>>, ...]`. */
export type Assert<T extends true> = T;
