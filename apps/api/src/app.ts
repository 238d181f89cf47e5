import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeFromHeader, messageCode, renderMessage, throttled } from '@hpbc/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ModuleDeps } from './module-deps';
import { idempotencyStore } from './lib/idempotency';
import { AccessLog, logDestination, safeUrl } from './plugins/access-log';
import { registerApiDescription } from './plugins/api-description';
import { guardOfRoute, registerAuth, type GuardKind } from './plugins/auth';
import { createCsrf } from './plugins/csrf';
import { registerErrorShapes } from './plugins/error-shapes';
import { registerRequestLocale } from './plugins/request-locale';
import { inlineStyleSources, registerNoStoreForSignedIn, registerSecurityHeaders } from './plugins/security-headers';
import { registerUnstorableTextCheck } from './plugins/unstorable-text';
import {
  clientLimitKey,
  countInRedis,
  databaseRateLimitStore,
  memoryWindowCounter,
  rateCounter,
  routeLimitKey,
} from './lib/rate-counter';
import { clientAddress, proxyTrust } from './lib/client-address';
import { clientErrorAnswer, createAppServer, type ConnectionLimits } from './lib/app-server';
import { registerWebApp } from './plugins/web-app';
import { PreparedFastPath } from './lib/prepared-fast-path';
import { dataDirStore, keepFilesInDatabase } from './lib/file-store/file-store';
import { sharedAppSecret } from './lib/app-secret';
import { registerHealth } from './plugins/health';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { libraryAdminRoutes } from './modules/library/library-admin.routes';
import { publicDataRoutes } from './modules/public-data/public-data.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { companyRoutes } from './modules/company/company.routes';
import { onsiteRoutes } from './modules/onsite/onsite.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { changeReportsRoutes } from './modules/change-reports/change-reports.routes';
import { presentationsRoutes } from './modules/presentations/presentations.routes';
import { createMailService, type MailService } from './lib/mail-outbox/mail.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { projectDetailPage } from './modules/projects/project-detail-page';
import { libraryRoutes } from './modules/library/library.routes';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { registriesRoutes } from './modules/registries/registries.routes';
import { serviceRequestsRoutes } from './modules/service-requests/service-requests.routes';
import { siteRoutes } from './modules/site/site.routes';
import { clocksRoutes } from './modules/clocks/clocks.routes';
import { clockJob, type ClockJob } from './modules/clocks/clocks.job';
import { transparencyRoutes } from './modules/transparency/transparency.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { concernsRoutes } from './modules/concerns/concerns.routes';
import { stagesRoutes } from './modules/stages/stages.routes';

export type { ModuleDeps } from './module-deps';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests move it. */
  now?: () => Date;
  /** The mail outbox; built from config when absent. */
  mail?: MailService;
  /** Where the log goes (standard output when absent); tests read it. */
  logStream?: NodeJS.WritableStream;
  /** Connection limits of the server (lib/app-server.ts); tests shorten the timeouts. */
  connectionLimits?: Partial<ConnectionLimits>;
}

/** One row of the route table: a method and path, and the guard its onRequest hooks run. */
export interface RouteEntry {
  method: string;
  url: string;
  guard?: GuardKind;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
    /** The working-day clocks' reminders (docs/decisions/077); server.ts starts it. */
    clockJob: ClockJob;
    /** The public prepared lists' fast path; server.ts stops it when shutting down. */
    fastPath: PreparedFastPath;
    /** Every route as registered (method, url, its guard); the hostile-input test walks it. */
    routeTable: RouteEntry[];
  }
}

/**
 * A request's logger, made on its first use. pino's child() on every request (the request id
 * serialised, redaction set up) cost about 3 % of a prepared answer's busy time, and most
 * requests never log: their access-log line does not use it (docs/decisions/055).
 */
class LazyChild implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  // Methods on the prototype, not closures per request: tsx wraps every closure it creates.
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Parameters<FastifyBaseLogger['child']>[0],
    private readonly opts: Parameters<FastifyBaseLogger['child']>[1],
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts));
  }

  get level() {
    return this.real.level;
  }
  set level(level) {
    this.real.level = level;
  }
  fatal(...args: Parameters<FastifyBaseLogger['fatal']>) {
    this.real.fatal(...args);
  }
  error(...args: Parameters<FastifyBaseLogger['error']>) {
    this.real.error(...args);
  }
  warn(...args: Parameters<FastifyBaseLogger['warn']>) {
    this.real.warn(...args);
  }
  info(...args: Parameters<FastifyBaseLogger['info']>) {
    this.real.info(...args);
  }
  debug(...args: Parameters<FastifyBaseLogger['debug']>) {
    this.real.debug(...args);
  }
  trace(...args: Parameters<FastifyBaseLogger['trace']>) {
    this.real.trace(...args);
  }
  silent(...args: Parameters<FastifyBaseLogger['silent']>) {
    this.real.silent(...args);
  }
  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.real.child(...args);
  }
}

type ValidatorCompiler = typeof validatorCompiler;

/**
 * Most requests have no query string, and zod's answer for an empty one never changes; it
 * is worked out once per route and copied after (docs/decisions/054).
 */
function emptyQueryOnce(compile: ValidatorCompiler): ValidatorCompiler {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    type Result = Exclude<ReturnType<typeof validate>, boolean | PromiseLike<unknown>>;
    let empty: Result | undefined;
    return (data: unknown) => {
      if (hasKeys(data)) return validate(data);
      // zod's compiler answers synchronously, with an object.
      empty ??= validate(data) as Result;
      // Each request gets its own copy: a handler may add to its req.query.
      return empty.value && typeof empty.value === 'object' ? { value: { ...(empty.value as object) } } : empty;
    };
  };
}

function hasKeys(data: unknown): boolean {
  if (!data || typeof data !== 'object') return true;
  for (const key in data) if (Object.hasOwn(data, key)) return true;
  return false;
}

/** Builds the whole application without listening; server.ts runs it, tests inject into it. */
export async function buildApp(input: AppDeps): Promise<FastifyInstance> {
  // With DATABASE_URL nothing may live on one machine only (docs/decisions/040, 041): the
  // secret comes from the database unless APP_SECRET is set, and files go to stored_files.
  const config = input.config.appSecret
    ? input.config
    : { ...input.config, appSecret: await sharedAppSecret(input.database, input.config.dataDir) };
  const shareFiles = config.databaseUrl ? keepFilesInDatabase(config.dataDir, input.database) : undefined;
  // Lines are collected and written in the background (docs/decisions/055, 125).
  const logStream = input.logStream ?? logDestination();
  const accessLog = new AccessLog(logStream, config.logLevel);
  const now = input.now ?? (() => new Date());
  // One proxy rule for Fastify's request.ip and the fast path's client address.
  const trust = proxyTrust(config.trustProxy);
  // The route limits (the library search's among them) are counted in the database or Redis
  // when processes may share them (DATABASE_URL, REDIS_URL): atomic under parallel requests
  // and shared by every process. On the embedded database there is one process (the data
  // folder's lock), so they are counted in its memory (docs/decisions/029); there the
  // search's fast path counts in the same memory, under the same key (docs/decisions/061).
  const shared = Boolean(config.databaseUrl || config.redisUrl);
  const inMemory = shared ? undefined : memoryWindowCounter(now);
  const fastPath = new PreparedFastPath({
    log: accessLog.line,
    clientAddress: clientAddress(trust),
    // The key of @fastify/rate-limit's default key generator (normalizeIP of request.ip).
    countWithin: inMemory
      ? (scope, address, windowMs, max) =>
          inMemory.hitWithin(routeLimitKey(scope, clientLimitKey(address)), windowMs, max)
      : undefined,
  });
  let preRoutingHeaders: [string, string][] = [];
  const app = Fastify({
    // The prepared public lists are answered before Fastify's routing (docs/decisions/028).
    serverFactory: (handler) =>
      createAppServer(
        (req, res) => {
          if (!fastPath.serve(req, res)) handler(req, res);
        },
        { trustedProxy: trust ? (address) => trust(address, 0) : undefined, limits: input.connectionLimits },
      ),
    // Before routing (a head Node cannot parse, or too large): the security headers still go out (hole 12).
    clientErrorHandler: clientErrorAnswer(() => preRoutingHeaders),
    logController: accessLog,
    childLoggerFactory: (logger, bindings, opts) => new LazyChild(logger, bindings, opts),
    logger: {
      level: config.logLevel,
      stream: logStream,
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
    // Off unless TRUST_PROXY names the proxies (docs/operations.md): a forged X-Forwarded-For must not dodge the limits.
    trustProxy: trust ?? false,
    return503OnClosing: true,
    // Router errors (a malformed URL) skip setErrorHandler; answer them in the shape of docs/api.md too.
    frameworkErrors: (err, req, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      const text = renderMessage(
        messageCode(status === 500 ? 'server_error' : 'bad_request'),
        localeFromHeader(req.headers['accept-language']),
      );
      void (reply as FastifyReply).status(status).send({ message: text });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('fastPath', fastPath);
  // Once stopping, Fastify answers (503 for new requests, connections closed).
  app.addHook('preClose', (done) => {
    fastPath.stop();
    done();
  });
  app.addHook('onRoute', (route) => {
    const guard = guardOfRoute(route);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, guard });
  });
  app.setValidatorCompiler(emptyQueryOnce(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLocale(app);
  registerErrorShapes(app);
  const https = config.appUrl.startsWith('https://');
  preRoutingHeaders = await registerSecurityHeaders(app, { https, inlineStyles: inlineStyleSources(config.webDist) });
  fastPath.setSecurityHeaders(preRoutingHeaders);
  registerNoStoreForSignedIn(app);
  registerUnstorableTextCheck(app);
  const readyChecks: (() => Promise<unknown>)[] = [];
  if (config.redisUrl) {
    // Every rate limit (the plugin's store below and the sign-in throttle) counts in Redis;
    // ioredis loads only then (decision 117).
    const { connectRedis, redisRateCounter } = await import('./lib/rate-counter-redis');
    const redis = connectRedis(config.redisUrl);
    let warned = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - warned < 10_000) return;
      warned = Date.now();
      app.log.warn({ err: { message: err.message } }, 'redis unavailable');
    });
    const undo = countInRedis(input.database, (clock) => redisRateCounter(redis, clock));
    readyChecks.push(() => redis.ping());
    app.addHook('onClose', async () => {
      undo();
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(inMemory ?? rateCounter(input.database, now)),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      // A message code, rendered in the request's language by the error handler.
      message: throttled(ctx.ttl / 1000),
    }),
  });

  if (shareFiles) app.addHook('onClose', async () => shareFiles());
  const mail = input.mail ?? createMailService({ config, database: input.database, log: app.log });
  app.decorate('mail', mail);
  app.addHook('onClose', async () => mail.stop());
  const csrf = createCsrf(config.appSecret, https);
  const deps: ModuleDeps = { config, database: input.database, now, mail, csrf };
  app.decorate('idempotency', idempotencyStore(input.database, now));
  registerAuth(app, deps);

  // The library's files are served from the documents store (a static mount, or a route on the shared store).
  const documents = dataDirStore(config.dataDir, 'documents');

  // Before the routes: it collects them as they are added.
  await registerApiDescription(app, { appUrl: config.appUrl });
  registerHealth(app, input.database, readyChecks);
  await app.register(projectsRoutes(deps));
  await app.register(libraryRoutes(deps));
  await app.register(registriesRoutes(deps));
  await app.register(recommendationsRoutes(deps));
  await app.register(serviceRequestsRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(publicDataRoutes(deps));
  await app.register(libraryAdminRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(registrationsRoutes(deps));
  await app.register(companyRoutes(deps));
  await app.register(onsiteRoutes(deps));
  await app.register(documentsRoutes(deps));
  await app.register(changeReportsRoutes(deps));
  await app.register(presentationsRoutes(deps));
  await app.register(siteRoutes(deps));
  await app.register(clocksRoutes(deps));
  await app.register(transparencyRoutes(deps));
  await app.register(noticesRoutes(deps));
  await app.register(concernsRoutes(deps));
  await app.register(stagesRoutes(deps));
  const clocks = clockJob({ ...deps, log: app.log });
  app.decorate('clockJob', clocks);
  app.addHook('onClose', async () => clocks.stop());

  await registerWebApp(app, {
    webDist: config.webDist,
    documents,
    csrf,
    recordPages: [projectDetailPage(input.database)],
    appUrl: config.appUrl,
  });
  return app;
}
