import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream';
import {
  chooseVariant,
  JSON_TYPE,
  variantPlan,
  type Body,
  type Prepared,
  type PreparedAnswer,
  type Variant,
} from './prepared-answer';

interface Route {
  answer: PreparedAnswer;
  type: string;
  extra: readonly (readonly [string, string])[];
  /** The replies of the answer last sent, as writeHead takes them: made once per answer and variant. */
  made?: { answer: Prepared; replies: Map<string, Reply> };
}

interface Reply {
  status: number;
  /** Name, value, name, value...: one writeHead instead of a dozen setHeader calls. */
  headers: string[];
  /** A stored answer's file is streamed (docs/decisions/110). */
  body: Body | undefined;
}

/**
 * A path whose answer depends on its query string and is limited per client address: the
 * library search (docs/decisions/061). The fast path sends a body the route has at hand for
 * the whole URL, after counting the request under the route's limit.
 */
export interface QueriedRoute {
  /** The body of the 200 answer to this URL (path and query string), if the route has it at hand. */
  body(url: string): Buffer | undefined;
  /** The route's own headers, after the limit's, as its Fastify handler sets them. */
  headers: readonly [string, string][];
  /** The route's per-address limit, as configured on its Fastify route. */
  limit: { scope: string; max: number; windowMs: number };
}

/**
 * Counts one request of a client address under a route's limit, in the store the
 * rate-limit plugin counts in, only if it stays within `max` (undefined otherwise: not
 * counted, the route counts it and answers 429). Synchronous, hence atomic.
 */
export type CountWithin = (
  scope: string,
  address: string,
  windowMs: number,
  max: number,
) => { hits: number; retryAfterMs: number } | undefined;

/** Writes one access-log line; the same writer as Fastify's (plugins/access-log.ts). */
export type AccessLine = (
  reqId: string,
  method: string,
  url: string,
  ip: string,
  statusCode: number,
  responseTime: number,
) => void;

/**
 * The public prepared lists answered before Fastify sees the request (docs/decisions/028).
 * Routing, the request and reply objects and the hook runner cost more than the rest of
 * such an answer; this sends the same status, headers and bytes the Fastify route sends
 * (both build them with planAnswer and the same security headers) and writes the same
 * access-log line. Anything it does not know as it is falls through to Fastify: other
 * methods and paths, any query string, an answer due for its freshness check, and every
 * request once the server is stopping. Which routes it answers is declared on each route
 * (`fastPath` in the contract; plugins/route.ts registers them, docs/decisions/064).
 *
 * The library search is answered here too (addQueried, docs/decisions/061): a GET of a URL
 * its Fastify route has answered 200 before, while the route still has that answer at
 * hand, within the route's per-address limit, counted here in the limit's own store.
 */
export class PreparedFastPath {
  private readonly routes = new Map<string, Route>();
  private readonly queried = new Map<string, QueriedRoute>();
  private securityHeaders: readonly [string, string][] = [];
  private flatSecurityHeaders: string[] = [];
  private stopped = false;
  private nextId = 0;

  constructor(
    private readonly opts: {
      log: AccessLine;
      /** The client's address as Fastify's request.ip gives it (the same proxy rules). */
      clientAddress?: (req: IncomingMessage) => string | undefined;
      /** How a queried route's limit is counted; without it (a shared store) those go to Fastify. */
      countWithin?: CountWithin;
    },
  ) {}

  /** The security headers every answer carries (set once, from helmet; plugins/security-headers.ts). */
  setSecurityHeaders(headers: readonly [string, string][]): void {
    this.securityHeaders = headers;
    this.flatSecurityHeaders = headers.flat();
  }

  /** A path answered, with a query string, when its route has the body for the whole URL (GET only). */
  addQueried(path: string, route: QueriedRoute): void {
    this.queried.set(path, route);
  }

  /** A path answered with the prepared answer when it is asked for without a query string. */
  add(
    path: string,
    answer: PreparedAnswer,
    type = JSON_TYPE,
    extra: readonly (readonly [string, string])[] = [],
  ): void {
    this.routes.set(path, { answer, type, extra });
  }

  /** From now on every request goes to Fastify (it answers 503 and closes connections while stopping). */
  stop(): void {
    this.stopped = true;
  }

  /** Answers the request and returns true, or returns false and leaves it untouched for Fastify. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || this.stopped) return false;
    // A request carrying a token is answered `no-store` by Fastify (plugins/security-headers.ts).
    if (req.headers.authorization !== undefined) return false;
    const url = req.url ?? '';
    const route = this.routes.get(url);
    if (!route) return this.queried.size > 0 && method === 'GET' && this.serveQueried(req, res, url);
    // Behind the documented proxy the log line names the forwarded client, resolved by the
    // same proxy rules as Fastify's request.ip (lib/client-address.ts).
    const ip = this.opts.clientAddress ? this.opts.clientAddress(req) : req.socket.remoteAddress;
    if (ip === undefined) return false;
    const answer = route.answer.peek();
    if (!answer) return false;
    const start = performance.now();
    const reply = this.reply(route, answer, chooseVariant(req.headers, answer), method === 'HEAD');
    res.writeHead(reply.status, reply.headers);
    const body = reply.body;
    if (body === undefined || Buffer.isBuffer(body)) res.end(body);
    // With backpressure; a client that leaves closes the file.
    else pipeline(createReadStream(body.path), res, () => undefined);
    this.opts.log(`req-f${(this.nextId++).toString(36)}`, method, url, ip, reply.status, performance.now() - start);
    return true;
  }

  /**
   * A GET with a query string of a queried route: sent when the route has the body for the
   * URL and the request is within the route's limit, counted here in the limit's own store.
   * The answer is what the Fastify route sends: the security headers, the rate-limit
   * plugin's three headers, the route's own, the body. A request over the limit is not
   * counted here: Fastify counts it and answers 429 as it always has.
   */
  private serveQueried(req: IncomingMessage, res: ServerResponse, url: string): boolean {
    const q = url.indexOf('?');
    if (q === -1) return false;
    const route = this.queried.get(url.slice(0, q));
    const { clientAddress, countWithin } = this.opts;
    if (!route || !clientAddress || !countWithin) return false;
    const body = route.body(url);
    if (!body) return false;
    const address = clientAddress(req);
    if (address === undefined) return false;
    const start = performance.now();
    const { scope, max, windowMs } = route.limit;
    const counted = countWithin(scope, address, windowMs, max);
    if (!counted) return false;
    // As @fastify/rate-limit sets them on a request within the limit.
    const headers = [
      ...this.flatSecurityHeaders,
      'x-ratelimit-limit',
      String(max),
      'x-ratelimit-remaining',
      String(Math.max(0, max - counted.hits)),
      'x-ratelimit-reset',
      String(Math.ceil(counted.retryAfterMs / 1000)),
    ];
    for (const [name, value] of route.headers) headers.push(name, value);
    headers.push('content-length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    this.opts.log(`req-f${(this.nextId++).toString(36)}`, 'GET', url, address, 200, performance.now() - start);
    return true;
  }

  private reply(route: Route, answer: Prepared, variant: Variant, head: boolean): Reply {
    if (route.made?.answer !== answer) route.made = { answer, replies: new Map() };
    const key = head ? `HEAD ${variant}` : variant;
    let reply = route.made.replies.get(key);
    if (!reply) {
      const plan = variantPlan(answer, variant, route.type, route.extra);
      // A route's own header replaces the security header of that name, as it does in Fastify
      // (open data's Cross-Origin-Resource-Policy).
      const own = new Set(plan.headers.map(([name]) => name));
      const headers = [...this.securityHeaders.filter(([name]) => !own.has(name)), ...plan.headers].flat();
      // Fastify's HEAD route sends the length of the body it leaves out, and 0 for a 304.
      if (plan.body)
        headers.push('content-length', String(Buffer.isBuffer(plan.body) ? plan.body.length : plan.body.size));
      else if (head) headers.push('content-length', '0');
      reply = { status: plan.status, headers, body: head ? undefined : plan.body };
      route.made.replies.set(key, reply);
    }
    return reply;
  }
}
