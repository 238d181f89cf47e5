import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeFromHeader, type Locale } from '@hpbc/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the request's Accept-Language ('en' without one); parsed once, on first use. */
    readonly locale: Locale;
  }
}

type WithLocale = FastifyRequest & { _locale?: Locale };

/** Adds req.locale. Registered on the root instance by app.ts, before anything that answers. */
export function registerRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: WithLocale) {
      return (this._locale ??= localeFromHeader(this.headers['accept-language']));
    },
  } as never);
}
