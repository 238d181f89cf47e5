import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  chooseVariant,
  JSON_TYPE,
  variantPlan,
  type Answer,
  type PreparedAnswer,
  type Variant,
} from './prepared-answer';

interface Route {
  answer: PreparedAnswer;
  type: string;
  extra: readonly [string, string][];
  /** The replies of the answer last sent, as writeHead takes them: made once per answer and variant. */
  made?: { answer: Answer; replies: Map<string, Reply> };
}

interface Reply {
  status: number;
  /** Name, value, name, value...: one writeHead instead of a dozen setHeader calls. */
  headers: string[];
  body: Buffer | undefined;
}

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
 * methods and paths, any query string, an answer due for its freshness check, a
 * forwarded address to resolve, and every request once the server is stopping.
 */
export class PreparedFastPath {
  private readonly routes = new Map<string, Route>();
  private securityHeaders: readonly [string, string][] = [];
  private stopped = false;
  private nextId = 0;

  constructor(private readonly opts: { trustProxy: boolean; log: AccessLine }) {}

  /** The security headers every answer carries (set once, from helmet; plugins/security-headers.ts). */
  setSecurityHeaders(headers: readonly [string, string][]): void {
    this.securityHeaders = headers;
  }

  /** A path answered with the prepared answer when it is asked for without a query string. */
  add(path: string, answer: PreparedAnswer, type = JSON_TYPE, extra: readonly [string, string][] = []): void {
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
    const url = req.url ?? '';
    const route = this.routes.get(url);
    if (!route) return false;
    // Fastify resolves a forwarded client address with the proxy rules; the log line needs it.
    if (this.opts.trustProxy && req.headers['x-forwarded-for'] !== undefined) return false;
    const answer = route.answer.peek();
    if (!answer) return false;
    const start = performance.now();
    const reply = this.reply(route, answer, chooseVariant(req.headers, answer), method === 'HEAD');
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
    this.opts.log(
      `req-f${(this.nextId++).toString(36)}`,
      method,
      url,
      req.socket.remoteAddress ?? '',
      reply.status,
      performance.now() - start,
    );
    return true;
  }

  private reply(route: Route, answer: Answer, variant: Variant, head: boolean): Reply {
    if (route.made?.answer !== answer) route.made = { answer, replies: new Map() };
    const key = head ? `HEAD ${variant}` : variant;
    let reply = route.made.replies.get(key);
    if (!reply) {
      const plan = variantPlan(answer, variant, route.type, route.extra);
      const headers = [...this.securityHeaders, ...plan.headers].flat();
      // Fastify's HEAD route sends the length of the body it leaves out, and 0 for a 304.
      if (plan.body) headers.push('content-length', String(plan.body.length));
      else if (head) headers.push('content-length', '0');
      reply = { status: plan.status, headers, body: head ? undefined : plan.body };
      route.made.replies.set(key, reply);
    }
    return reply;
  }
}
