import { z } from 'zod';
import { errorBody } from '@hpbc/shared/contract/common';
import {
  isMultipart,
  isZodAnswer,
  splitKey,
  type Answer,
  type Endpoint,
  type ErrorAnswer,
  type Guard,
  type RateLimit,
} from '@hpbc/shared/contract/endpoint';

/**
 * The OpenAPI 3.1 operation of one declaration (docs/decisions/063-one-contract.md): its
 * parameters, request body and answers come from the declaration's zod schemas (zod's own
 * JSON Schema output, draft 2020-12, OpenAPI 3.1's dialect); the error answers every such
 * route can give are derived from what it declares, so no one has to remember them:
 *
 * - a guard: 401, and 403 unless it only asks for a signed-in account;
 * - params or query: 422; a JSON or multipart body: 400, 413, 415, 422;
 * - a CSRF token: 419; a rate limit: 429; every route: 500 and 503;
 * - and the route's own (`errors`: 404, 409, 410 ...).
 */

type Json = Record<string, unknown>;

/**
 * Named schemas (`.meta({ id })`, and the recursive ones zod names itself) go to the
 * document's components: zod writes them as `$defs` of each schema, whose `#/$defs/...`
 * references would point at the document's root.
 */
export const componentSchemas: Record<string, Json> = {};
let unnamed = 0;

function hoist(node: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, renames));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      const name = v.slice('#/$defs/'.length);
      out[k] = `#/components/schemas/${renames.get(name) ?? name}`;
    } else out[k] = hoist(v, renames);
  }
  return out;
}

const converted = { input: new WeakMap<z.ZodType, Json>(), output: new WeakMap<z.ZodType, Json>() };

/** A zod schema as JSON Schema (once per schema and direction: the document is built for every app a test makes). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  let out = converted[io].get(schema);
  if (!out) converted[io].set(schema, (out = toJsonSchema(schema, io)));
  return out;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json & { $defs?: Record<string, Json> };
  if (!$defs) return rest;
  const renames = new Map<string, string>();
  for (const name of Object.keys($defs)) {
    renames.set(name, name.startsWith('__') ? `Schema${++unnamed}` : io === 'input' ? `${name}Input` : name);
  }
  for (const [name, def] of Object.entries($defs)) componentSchemas[renames.get(name)!] = hoist(def, renames) as Json;
  return hoist(rest, renames) as Json;
}

const errorSchema = jsonSchema(errorBody, 'output');
const errorAnswer = (when: string | ErrorAnswer): Json =>
  typeof when === 'string'
    ? { description: when, content: { 'application/json': { schema: errorSchema } } }
    : { description: when.description, content: { 'application/json': { schema: jsonSchema(when.body, 'output') } } };

const FORBIDDEN: Record<'verified' | 'admin' | 'role', string> = {
  verified: 'Signed in, but the e-mail address is not verified.',
  role: 'Signed in, but without the role this call needs (or the e-mail is not verified).',
  admin: 'Signed in, but not an administrator (or the e-mail is not verified).',
};
const guardKind = (g: Guard) => (typeof g === 'string' ? g : 'role');

/** The limit in words, so that a client (and docs/api.md, which no longer restates it) can read it here. */
function tooMany(limit: RateLimit): string {
  const minutes = limit.timeWindow / 60_000;
  const window =
    minutes === 1 ? 'a minute' : Number.isInteger(minutes) ? `${minutes} minutes` : `${limit.timeWindow / 1000} s`;
  const per = limit.per === 'account' ? 'per account' : 'per client address';
  return `Too many attempts: more than ${limit.max} in ${window} ${per}; \`Retry-After\` tells when to try again.`;
}

/** The error answers of a declaration, by status. */
export function derivedErrors(e: Endpoint): Record<string, string | ErrorAnswer> {
  const out: Record<string, string> = {};
  if (e.body) {
    out['400'] = 'The body is not valid JSON (or a form that cannot be read).';
    out['413'] = 'The body is over the size limit.';
    out['415'] = 'The body is not of a type this call reads.';
  }
  if (e.guard) {
    out['401'] = 'Missing, unknown, expired or revoked token (`status: "inactive"` for a deactivated account).';
    const kind = guardKind(e.guard);
    if (kind !== 'user') out['403'] = FORBIDDEN[kind];
  }
  if (e.csrf) out['419'] = 'CSRF token mismatch (the page was not served by this server, or is too old).';
  if (e.body || e.query || e.params)
    out['422'] = 'Validation failed: every failing field is listed; `message` repeats the first.';
  if (e.rateLimit) out['429'] = tooMany(e.rateLimit);
  out['500'] = 'Server error (the details go to the server log only).';
  out['503'] = 'The database is briefly unreachable; `Retry-After: 10`.';
  const all: Record<string, string | ErrorAnswer> = { ...out, ...e.errors };
  if (e.idempotent) {
    for (const [status, also] of Object.entries(REPLAY_ERRORS)) {
      const own = all[status];
      all[status] =
        typeof own === 'object' ? { ...own, description: `${own.description} ${also}` } : own ? `${own} ${also}` : also;
    }
  }
  return all;
}

/** The header of an idempotent call (docs/decisions/092-idempotent-replays.md) and what it adds to the answers. */
const IDEMPOTENCY_KEY: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Optional, 1–255 printable characters. A repeat with the same key by the same account answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
const REPLAY_ERRORS = {
  409: 'Or: the first request with this `Idempotency-Key` is still being processed.',
  422: 'Or: the `Idempotency-Key` is malformed, or was used for a different request.',
};

function answerObject(status: number, a: Answer, headers: Json | undefined): Json {
  const base = headers ? { headers } : {};
  if (isZodAnswer(a)) {
    const schema = jsonSchema(a, 'output');
    const description = (schema.description as string | undefined) ?? (status === 201 ? 'Created.' : 'Success.');
    return { description, ...base, content: { 'application/json': { schema } } };
  }
  if (a.kind === 'file') {
    return {
      description: a.description,
      ...base,
      content: { [a.contentType.split(';')[0]!]: { schema: { type: 'string', contentMediaType: a.contentType } } },
    };
  }
  return { description: a.description, ...base };
}

function parameters(where: 'path' | 'query', schema: z.ZodType | undefined): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, p]) => {
    const { description, ...rest } = p;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: Object.keys(rest).length ? rest : { type: 'string' },
    };
  });
}

function requestBody(e: Endpoint): Json | undefined {
  const { body } = e;
  if (!body) return undefined;
  if (isMultipart(body)) {
    const fields = jsonSchema(body.fields, 'input');
    const properties: Record<string, Json> = { ...((fields.properties ?? {}) as Record<string, Json>) };
    const required = [...((fields.required as string[] | undefined) ?? [])];
    const encoding: Record<string, Json> = {};
    for (const [name, f] of Object.entries(body.files)) {
      properties[name] = {
        type: 'string',
        contentMediaType: f.contentType,
        description: f.description ?? `A ${f.contentType} file of at most ${f.maxBytes} bytes.`,
      };
      encoding[name] = { contentType: f.contentType };
      if (f.required) required.push(name);
    }
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
          encoding,
        },
      },
    };
  }
  const required = e.bodyCheckedBy !== 'service, optional';
  return { required, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
}

/** `/api/x/:id` → `/api/x/{id}`. */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function operationOf(key: string, e: Endpoint): { path: string; method: string; operation: Json } {
  const [method, url] = splitKey(key);
  const declared = {
    ...e.headers,
    ...(e.openToAll
      ? {
          'Access-Control-Allow-Origin': { description: '`*`: public records, open to any site.', required: true },
        }
      : {}),
  };
  const headers = Object.keys(declared).length
    ? Object.fromEntries(
        Object.entries(declared).map(([name, h]) => [
          name,
          { description: h.description, required: h.required ?? false, schema: { type: 'string' } },
        ]),
      )
    : undefined;
  const responses: Record<string, Json> = {};
  for (const [status, a] of Object.entries(e.answers)) responses[status] = answerObject(Number(status), a, headers);
  for (const [status, when] of Object.entries(derivedErrors(e))) responses[status] = errorAnswer(when);
  const params = [
    ...parameters('path', e.params),
    ...parameters('query', e.query),
    ...(e.idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  const body = requestBody(e);
  const operation: Json = {
    operationId: e.operationId,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [...e.tags],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: e.guard ? [{ bearer: [] }] : [],
  };
  return { path: openapiPath(url), method: method.toLowerCase(), operation };
}
