import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract, type Contract, type EndpointKey } from '@hpbc/shared/contract';
import {
  isMultipart,
  OPEN_TO_ALL_HEADERS,
  splitKey,
  type BodyOut,
  type Endpoint,
  type Guard,
  type ParamsOut,
  type QueryOut,
  type RateLimit,
  type ReplyOf,
} from '@hpbc/shared/contract/endpoint';
import { requireAdmin, requireRole, requireUser, requireVerified, type AuthGuard } from './auth';
import type { QueriedRoute } from '../lib/prepared-fast-path';
import type { PreparedAnswer } from '../lib/prepared-answer';
import { routeLimitScope } from '../lib/rate-counter';
import { idempotentReplays } from './idempotent-replays';

/**
 * Registers a route from its declaration in `@hpbc/shared/contract` (docs/decisions/063-one-contract.md):
 * the declaration's params, query and JSON body become the route's zod schemas; its guard
 * runs as an `onRequest` hook, before validation (so a guest gets 401, not 422); its rate
 * limit is the route's `config.rateLimit`; a single non-200 success status (201, 204) is set
 * before the handler runs. The handler returns the answer's body, typed by the declaration,
 * or the reply when it sends something else (a file, a prepared answer).
 *
 *   route(app, 'GET /api/reviews/:id', async (req) => ({ data: await service.get(actorOf(req), req.params.id) }));
 */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;
export type RouteHandler<E extends Endpoint> = (
  req: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<Returned<E>> | Returned<E>;
/** A handler returns the answer's body, the reply it sent itself, or nothing for an empty answer (204). */
type Returned<E extends Endpoint> = ReplyOf<E> | FastifyReply | (undefined extends ReplyOf<E> ? void : never);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which declaration the route was made from (the OpenAPI document and the tests read it). */
    endpoint?: EndpointKey;
  }
}

export function guardHook(guard: Guard | undefined): AuthGuard | undefined {
  if (!guard) return undefined;
  if (guard === 'user') return requireUser;
  if (guard === 'verified') return requireVerified;
  if (guard === 'admin') return requireAdmin;
  return requireRole(guard.role);
}

function rateLimitConfig(limit: RateLimit | undefined) {
  if (!limit) return undefined;
  const { max, timeWindow, key, per } = limit;
  if (per === 'account') {
    // Counted once the guard has named the account, so one office behind one address is not penalised.
    return {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `${key ?? 'account'}:${req.user?.id ?? req.ip}`,
    };
  }
  return key ? { max, timeWindow, keyGenerator: (req: FastifyRequest) => `${key}:${req.ip}` } : { max, timeWindow };
}

/** The success status a handler's plain return is sent with: the declaration's only 2xx, else 200. */
function defaultStatus(e: Endpoint): number {
  const success = Object.keys(e.answers)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  return success.length === 1 ? success[0]! : 200;
}

export interface RouteExtras {
  /** More onRequest hooks, after the guard (e.g. a scope's own check). */
  onRequest?: onRequestHookHandler[];
  /** The answer of a `fastPath: 'prepared'` declaration, its content type and own headers. */
  prepared?: { answer: PreparedAnswer; type?: string; headers?: readonly (readonly [string, string])[] };
  /** The bodies and headers of a `fastPath: 'queried'` declaration (its limit is the declaration's). */
  queried?: Omit<QueriedRoute, 'limit'>;
}

/**
 * Hands a route declared `fastPath` to the server's fast path (lib/prepared-fast-path.ts):
 * one place decides which routes are answered before Fastify, from the declarations. A route
 * whose guard, own hooks or per-account limit the fast path would skip is refused at start.
 */
function registerFastPath(app: FastifyInstance, key: EndpointKey, e: Endpoint, extras: RouteExtras): void {
  const [method, url] = splitKey(key);
  const given = e.fastPath === 'prepared' ? extras.prepared : e.fastPath === 'queried' ? extras.queried : undefined;
  if (!e.fastPath) {
    if (extras.prepared || extras.queried)
      throw new Error(`${key}: a fast-path answer for a route not declared fastPath`);
    return;
  }
  if (!given) throw new Error(`${key} is declared fastPath '${e.fastPath}' but registered without its answer`);
  if (method !== 'GET' || e.guard || e.csrf || e.idempotent || extras.onRequest?.length) {
    throw new Error(`${key}: only a public GET without hooks of its own can be answered before Fastify`);
  }
  if (e.fastPath === 'prepared' && extras.prepared) {
    if (e.rateLimit) throw new Error(`${key}: a prepared answer is sent uncounted; declare it without a rate limit`);
    const { answer, type, headers = [] } = extras.prepared;
    app.fastPath.add(url, answer, type, [...declaredHeaders(key), ...headers]);
  } else if (extras.queried) {
    if (!e.rateLimit || e.rateLimit.per === 'account' || e.rateLimit.key) {
      throw new Error(`${key}: a queried fast path counts under the route's own per-address limit`);
    }
    app.fastPath.addQueried(url, {
      ...extras.queried,
      limit: { scope: routeLimitScope(method, url), max: e.rateLimit.max, windowMs: e.rateLimit.timeWindow },
    });
  }
}

/**
 * The headers a declaration puts on every answer of its route, whoever sends it (the route,
 * or the prepared answers' fast path): those of `openToAll` (docs/decisions/085).
 */
export function declaredHeaders(key: EndpointKey): readonly (readonly [string, string])[] {
  const e: Endpoint = contract[key];
  return e.openToAll ? OPEN_TO_ALL_HEADERS : [];
}

/** Sets a declaration's own headers before anything else runs, so refusals and errors carry them too. */
function declaredHeadersHook(key: EndpointKey): onRequestHookHandler | undefined {
  const headers = declaredHeaders(key);
  if (headers.length === 0) return undefined;
  return (_req, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  };
}

export function route<K extends EndpointKey>(
  app: FastifyInstance,
  key: K,
  handler: RouteHandler<Contract[K]>,
  extras: RouteExtras = {},
): void {
  const e: Endpoint = contract[key];
  const [method, url] = splitKey(key);
  registerFastPath(app, key, e, extras);
  const guard = guardHook(e.guard);
  const own = declaredHeadersHook(key);
  const onRequest = [...(own ? [own] : []), ...(guard ? [guard] : []), ...(extras.onRequest ?? [])];
  const status = defaultStatus(e);
  const rateLimit = rateLimitConfig(e.rateLimit);
  const replays = e.idempotent ? idempotentReplays(app, e) : undefined;
  const options: RouteOptions = {
    method,
    url,
    ...(onRequest.length ? { onRequest } : {}),
    ...(replays ? { onSend: replays.onSend } : {}),
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body && !isMultipart(e.body) && !e.bodyCheckedBy ? { body: e.body } : {}),
    },
    config: { endpoint: key, ...(rateLimit ? { rateLimit } : {}) },
    handler: async (req, reply) => {
      if (status !== 200) reply.status(status);
      if (replays && (await replays.begin(req, reply))) return reply;
      let out: Awaited<ReturnType<typeof handler>>;
      try {
        out = await handler(req as RouteRequest<Contract[K]>, reply);
      } catch (err) {
        // A handler that returned its reply waits for the answer to be written (a reply is a
        // thenable); a client that left mid-stream (a viewer's aborted range request) rejects
        // it. The answer has gone out: there is nothing to send, and it is not a server error.
        if (reply.sent) {
          req.log.info({ err }, 'the client left before the answer was fully sent');
          return undefined;
        }
        throw err;
      }
      // An empty answer (204) is sent here: Fastify wants a promise to resolve with something.
      if (out === undefined && !reply.sent) return reply.send();
      return out;
    },
  };
  app.withTypeProvider<ZodTypeProvider>().route(options);
}
