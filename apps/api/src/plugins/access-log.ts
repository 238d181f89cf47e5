import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { loggableUrl } from '../lib/log-redaction';
import type { AccessLine } from '../lib/prepared-fast-path';

/**
 * Only the path, its secret segments redacted: query strings can hold reset tokens,
 * signatures and e-mail addresses, and some paths hold tokens (lib/log-redaction.ts).
 */
export const safeUrl = loggableUrl;

/** Where the log's lines go: the access log's and Fastify's logger's (pino) alike. */
export interface LogStream {
  write(line: string): unknown;
}

/**
 * The log's standard output (or another descriptor): lines collected and written in the
 * background, 32 KiB at a time and at least every 200 ms, and in full at exit (pino flushes
 * it); a reader that stops reading costs at most 16 MiB, then lines are dropped rather than
 * the server blocking (docs/decisions/055). A `kill -9` can lose the last 200 ms, as before.
 *
 * Each line is turned into bytes once, as it is written, and sonic-boom keeps the bytes (its
 * `buffer` mode) and joins them once per write: in its text mode it measured the UTF-8 length
 * of all the text waiting on every line it was given. Each write is handed to libuv's thread
 * pool, and waking a pool thread every 4 KiB (about 16 lines) was a quarter of the main
 * thread's busy time under the search's load on a busy machine; 32 KiB wakes it an eighth as
 * often (docs/decisions/125).
 */
export function logDestination(fd = 1): LogStream {
  const out = pino.destination({
    dest: fd,
    sync: false,
    minLength: 32 * 1024,
    maxWrite: 64 * 1024,
    periodicFlush: 200,
    maxLength: 16 * 2 ** 20,
    contentMode: 'buffer',
  });
  // In buffer mode sonic-boom takes bytes (its types say text). Its method is looked up on each
  // line: pino replaces it with a no-op once the reader has gone (EPIPE).
  const bytesOut = out as unknown as { write(bytes: Buffer): boolean };
  return { write: (line: string) => bytesOut.write(Buffer.from(line)) };
}

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
    private readonly stream: LogStream,
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
      `{"level":${INFO},"time":${Date.now()}${this.prefix}${JSON.stringify(reqId)},"req":{"method":"${method}","url":${this.loggedUrl(url)},"ip":${JSON.stringify(ip)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };

  /**
   * The URL as the line holds it: redacted (four patterns tried on every path) and quoted.
   * Most requests ask for a few URLs again and again (the lists, a popular search), so each
   * URL's text is kept, 256 at most, then the memory starts over, as for the coding choice
   * (lib/prepared-answer.ts); long URLs are not kept (docs/decisions/125).
   */
  private readonly logged = new Map<string, string>();
  private loggedUrl(url: string): string {
    let text = this.logged.get(url);
    if (text === undefined) {
      text = JSON.stringify(safeUrl(url));
      if (url.length <= MAX_KEPT_URL) {
        if (this.logged.size >= KEPT_URLS) this.logged.clear();
        this.logged.set(url, text);
      }
    }
    return text;
  }
}

const KEPT_URLS = 256;
const MAX_KEPT_URL = 256;
