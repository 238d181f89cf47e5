import type { FastifyRequest } from 'fastify';

/** At most this much of a refused body is read before the connection is given up. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 15_000;

/**
 * Reads and drops what is left of a request body, so that the answer (a 413, a refusal)
 * reaches a client that is still sending, instead of a connection reset. A client that
 * sends more than 64 MiB or takes longer than 15 s is cut off.
 */
export function drainBody(req: FastifyRequest): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed || raw.complete) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) {
        raw.destroy();
        done();
      }
    };
    const timer = setTimeout(() => {
      raw.destroy();
      done();
    }, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}
