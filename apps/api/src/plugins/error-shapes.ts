import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { renderMessage } from '@hpbc/shared';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable, loggableError } from '../lib/db-outage';
import { HttpError, ValidationError, toFieldErrors } from '../lib/http-errors';
import { drainBody } from '../lib/drain-body';

/**
 * Every failure leaves in one of the shapes of docs/api.md. Messages that are codes
 * (see @hpbc/shared messages) are rendered in the language the request asked for.
 */
export function registerErrorShapes(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const locale = req.locale;
    const render = (m: string) => renderMessage(m, locale);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: render(v.message ?? 'The given data was invalid.'),
      }));
      const errors = toFieldErrors(issues);
      if (errors.body && Object.keys(errors).length === 1) {
        errors.body = ['The request body must be a JSON object.'];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    if (err instanceof ValidationError) {
      const errors = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.map(render)]));
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
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
      return reply.status(413).send({ message: 'The request body is too large.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Unsupported content type.' });
    }
    if (status === 400 && (err.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError)) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: status === 404 ? 'Not found.' : 'Bad request.' });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: loggableError(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(DB_RETRY_AFTER_SECONDS))
        .send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    // Never the error's own message or its query parameters: they can hold hashes, e-mails and tokens.
    req.log.error({ err: loggableError(err) }, 'request failed');
    return reply.status(500).send({ message: 'Server error.' });
  });
}
