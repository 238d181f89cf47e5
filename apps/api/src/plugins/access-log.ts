import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggableUrl } from '../lib/log-redaction';
import type { AccessLine } from '../lib/prepared-fast-path';

/**
 * Only the path, its secret segments redacted: query strings can hold reset tokens,
 * signatures and e-mail addresses, and some paths hold tokens (lib/log-redaction.ts).
 */
export const safeUrl = loggableUrl;

const INFO = 30;
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * One line per answered request (method, path, client address, status, time), in pino's
 * JSON shape, written straight to the log's stream. Fastify's own two lines per request
 * went through the per-request child logger, the redaction of every field and a
 * synchronous write each: about 20 % of the busy time of a prepared list
 * (docs/decisions/055). The line holds no header, body or query string, so there is
 * nothing in it to redact. Failed requests still go through the logger in full.
 */
export class AccessLog extends LogController {
  private readonly prefix: string;
  private readonly enabled: boolean;

  constructor(
    private readonly stream: { write(line: string): unknown },
    level: string,
  ) {
    super();
    this.enabled = (LEVELS[level] ?? INFO) <= INFO;
    this.prefix = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  }

  override incomingRequest(): void {
    // The completed line says it all; a request that never completes shows in the error log.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.line(request.id, request.method, request.url, request.ip ?? '', reply.statusCode, reply.elapsedTime);
  }

  /** The line of one answered request; the prepared answers' fast path writes it too (lib/prepared-fast-path.ts). */
  readonly line: AccessLine = (reqId, method, url, ip, statusCode, responseTime) => {
    if (!this.enabled) return;
    this.stream.write(
      `{"level":${INFO},"time":${Date.now()}${this.prefix}${JSON.stringify(reqId)},"req":{"method":"${method}","url":${JSON.stringify(safeUrl(url))},"ip":${JSON.stringify(ip)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };
}
