import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { messageCode } from '@hpbc/shared';
import { isMultipart, type Endpoint } from '@hpbc/shared/contract/endpoint';
import { HttpError, ValidationError } from '../lib/http-errors';
import { readMultipartForm } from '../lib/file-store/multipart';
import { isIdempotencyKey, requestDigest, type IdempotencyStore } from '../lib/idempotency';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the first answers of idempotent calls are kept (lib/idempotency.ts; set by app.ts). */
    idempotency: IdempotencyStore;
  }
}

const HEADER = 'idempotency-key';

/**
 * The two halves of a declaration's `idempotent: true` (docs/decisions/092-idempotent-replays.md),
 * which `route()` wires in: `begin` runs first in the handler (after the guard, so the account is
 * known, and after the body is read: a form is read here, and the handler gets the same form),
 * and `onSend` keeps the answer the first request got, whatever it was, for the repeats.
 */
export function idempotentReplays(app: FastifyInstance, e: Endpoint) {
  if (!e.guard) throw new Error(`${e.operationId}: an idempotent call needs a guard (keys belong to an account)`);
  const fileField = isMultipart(e.body) ? Object.keys(e.body.files)[0] : undefined;
  const claims = new WeakMap<FastifyRequest, { userId: number; key: string }>();

  /**
   * False to go on with the handler; true when the stored answer was sent instead (a boolean:
   * a reply is a thenable, which an async function would wait for rather than return).
   */
  async function begin(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const key = req.headers[HEADER];
    if (key === undefined) return false;
    if (typeof key !== 'string' || !isIdempotencyKey(key)) {
      throw new ValidationError({ 'Idempotency-Key': [messageCode('idempotency_key_invalid', 1, 255)] });
    }
    const body = isMultipart(e.body) ? await readMultipartForm(req, fileField ?? '') : req.body;
    const userId = req.user!.id;
    const claim = await app.idempotency.claim(userId, key, requestDigest(req.method, req.url, body));
    if (claim.kind === 'fresh') {
      claims.set(req, { userId, key });
      return false;
    }
    if (claim.kind === 'busy') throw new HttpError(409, messageCode('idempotency_key_busy'));
    if (claim.kind === 'mismatch') {
      throw new ValidationError({ 'Idempotency-Key': [messageCode('idempotency_key_reused')] });
    }
    reply.code(claim.status).header('idempotent-replayed', 'true');
    if (claim.type) reply.header('content-type', claim.type);
    void reply.send(claim.body);
    return true;
  }

  const onSend: onSendHookHandler = async (req, reply, payload) => {
    const claimed = claims.get(req);
    if (!claimed) return payload;
    claims.delete(req);
    if (reply.statusCode >= 500) {
      // The server failed, not the request: a repeat may try again.
      await app.idempotency.release(claimed.userId, claimed.key);
    } else {
      const type = reply.getHeader('content-type');
      await app.idempotency.complete(claimed.userId, claimed.key, {
        status: reply.statusCode,
        type: typeof type === 'string' ? type : null,
        body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '',
      });
    }
    return payload;
  };

  return { begin, onSend };
}
