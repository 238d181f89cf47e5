import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { throttled } from '@hpbc/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './plugins/auth';
import { createCsrf, type Csrf } from './plugins/csrf';
import { registerErrorShapes } from './plugins/error-shapes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createMailService, type MailService } from './modules/mail/mail.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { registriesRoutes } from './modules/registries/registries.routes';
import { serviceRequestsRoutes } from './modules/service-requests/service-requests.routes';
import { siteRoutes } from './modules/site/site.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests move it. */
  now?: () => Date;
  /** The mail outbox; built from config when absent. */
  mail?: MailService;
}

/** What every module's routes receive: the inputs with nothing left optional. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  now: () => Date;
  mail: MailService;
  /** CSRF tokens for the token-less request endpoints. */
  csrf: Csrf;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Only the path: query strings can hold reset tokens, signatures and e-mail addresses. */
function safeUrl(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Builds the whole application without listening; server.ts runs it, tests inject into it. */
export async function buildApp(input: AppDeps): Promise<FastifyInstance> {
  const { config } = input;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: safeUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
    // Router errors (a malformed URL) skip setErrorHandler; answer them in the shape of docs/api.md too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      void (reply as FastifyReply).status(status).send({ message: status === 500 ? 'Server error.' : 'Bad request.' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorShapes(app);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      // A message code, rendered in the request's language by the error handler.
      message: throttled(ctx.ttl / 1000),
    }),
  });

  const mail = input.mail ?? createMailService({ config, database: input.database, log: app.log });
  app.decorate('mail', mail);
  app.addHook('onClose', async () => mail.stop());
  const csrf = createCsrf(config.appSecret, config.appUrl.startsWith('https://'));
  const deps: ModuleDeps = { config, database: input.database, now: input.now ?? (() => new Date()), mail, csrf };
  registerAuth(app, deps);

  const documentsDir = path.join(config.dataDir, 'documents');

  await app.register(projectsRoutes(deps));
  await app.register(libraryRoutes(deps));
  await app.register(registriesRoutes(deps));
  await app.register(recommendationsRoutes(deps));
  await app.register(serviceRequestsRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(registrationsRoutes(deps));
  await app.register(siteRoutes(deps));

  await registerWebApp(app, { webDist: config.webDist, documentsDir, csrf });
  return app;
}
