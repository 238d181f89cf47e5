import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageCode, renderMessage } from '@hpbc/shared';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable, loggableError } from '../lib/db-outage';
import { HttpError, ValidationError, toFieldErrors } from '../lib/http-errors';
import { drainBody } from '../lib/drain-body';

/**
 * A streamed answer (a PDF, the approved set's zip, an export) whose client leaves before it
 * ends: a PDF viewer drops the whole file as soon as it sees Accept-Ranges. The reply is then
 * taken out of Fastify's hands, or Fastify, seeing the handler finish with nothing written
 * yet, would try to answer again on the closed connection (and log a 500).
 */
function releaseAbandonedStreams(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (typeof (payload as { pipe?: unknown } | null | undefined)?.pipe === 'function') {
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) reply.hijack();
      });
    }
    done(null, payload);
  });
}

/**
 * Every failure leaves in one of the shapes of docs/api.md. Messages that are codes
 * (see @hpbc/shared messages) are rendered in the language the request asked for.
 */
export function registerErrorShapes(app: FastifyInstance): void {
  releaseAbandonedStreams(app);
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // The client went away mid-answer (a PDF viewer drops the whole file once it sees
    // Accept-Ranges): no answer can reach it, and the failure is not the server's.
    if (reply.raw.headersSent || req.raw.socket?.destroyed) {
      req.log.info({ code: err.code }, 'the client closed the connection before the answer ended');
      // Taken out of Fastify's hands, so that nothing tries to answer again.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    const locale = req.locale;
    const render = (m: string) => renderMessage(m, locale);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: render(v.message ?? messageCode('invalid_data')),
      }));
      const errors = toFieldErrors(issues);
      if (errors.body && Object.keys(errors).length === 1) {
        errors.body = [render(messageCode('body_object'))];
      }
      const first = Object.values(errors)[0]?.[0] ?? render(messageCode('invalid_data'));
      return reply.status(422).send({ message: first, errors });
    }
    if (err instanceof ValidationError) {
      const errors = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.map(render)]));
      const first = Object.values(errors)[0]?.[0] ?? render(messageCode('invalid_data'));
      return reply.status(422).send({ ...err.extra, message: first, errors });
    }
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send({ ...err.extra, message: render(err.message) });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: render(err.message) });
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      // Read (and drop) the rest first: answering while the client still sends ends in a reset, not a 413.
      await drainBody(req);
      return reply.status(413).send({ message: render(messageCode('body_too_large')) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: render(messageCode('unsupported_type')) });
    }
    if (status === 400 && (err.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError)) {
      return reply.status(400).send({ message: render(messageCode('invalid_json')) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: render(messageCode(status === 404 ? 'not_found' : 'bad_request')) });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: loggableError(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(DB_RETRY_AFTER_SECONDS))
        .send({ message: render(messageCode('service_unavailable')) });
    }
    // Never the error's own message or its query parameters: they can hold hashes, e-mails and tokens.
    req.log.error({ err: loggableError(err) }, 'request failed');
    return reply.status(500).send({ message: render(messageCode('server_error')) });
  });
}
