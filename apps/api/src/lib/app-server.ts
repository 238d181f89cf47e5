import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The node:http server the app runs on (Fastify's `serverFactory`, decision 028). Fastify's
 * own connection options do not reach a server it did not make, so the limits are set here
 * (issue 24, hole 12; docs/decisions/068):
 *
 * - at most `perAddress` open connections from one client address (a trusted proxy, which
 *   carries many clients, is not counted); more are closed at once;
 * - the request head must arrive within `headersTimeoutMs`, the whole request within
 *   `requestTimeoutMs` (uploads of up to 100 MiB), and an idle connection is closed after
 *   `idleTimeoutMs`; Node checks these every `checkEveryMs`.
 *
 * Idle means the client's side: a connection with nothing received or sent for
 * `idleTimeoutMs` while no request waits for its answer, a request body that stalls, or an
 * answer the client stops reading. A whole request whose answer is still being made waits on
 * the server, and is not cut: Node's own idle timeout counted that wait too, and closed the
 * first request for a stored list (docs/decisions/110) that took over 120 s to make at a
 * decade's data under load, without a word (bench/decade.ts; docs/decisions/119).
 */
export interface ConnectionLimits {
  perAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  checkEveryMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 256,
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  checkEveryMs: 2_000,
};

export function createAppServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  opts: { trustedProxy?: (address: string) => boolean; limits?: Partial<ConnectionLimits> },
): Server {
  const limits = { ...CONNECTION_LIMITS, ...opts.limits };
  // Each connection's latest answer, for the idle timeout below.
  const answering = new WeakMap<Socket, ServerResponse>();
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    (req, res) => {
      answering.set(req.socket, res);
      listener(req, res);
    },
  );
  server.timeout = limits.idleTimeoutMs;
  // With a 'timeout' listener Node leaves the closing to it (also the keep-alive timeout's).
  // A kept connection is timed again from its next byte in either direction.
  server.on('timeout', (socket: Socket) => {
    const res = answering.get(socket);
    if (res && res.req.complete && !res.headersSent && !res.writableEnded) return;
    socket.destroy();
  });
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (opts.trustedProxy?.(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return server;
}

/**
 * The answer to a request Node could not parse (400), whose head was too large (431) or
 * too slow (408), written before any routing: with the same security headers as every
 * other answer, and a body in the shape of docs/api.md.
 */
export function clientErrorAnswer(
  headers: () => [string, string][],
): (err: NodeJS.ErrnoException, socket: Socket) => void {
  return (err, socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long.']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
          : [400, 'Bad Request', 'The request could not be read.'];
    const body = JSON.stringify({ message });
    if (socket.writable) {
      const extra = headers()
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\n${extra}\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
