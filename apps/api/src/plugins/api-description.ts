import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { contract, type EndpointKey } from '@hpbc/shared/contract';
import { guardKindOf, type GuardKind } from './auth';
import { componentSchemas, operationOf } from './openapi-document';
import { route } from './route';
import { prepare, sendAnswer, type Answer } from '../lib/prepared-answer';

/**
 * The API described for outside clients (docs/decisions/045-openapi-from-the-route-schemas.md):
 * an OpenAPI 3.1 document generated from the zod schemas the routes validate with
 * (fastify-type-provider-zod's transform for @fastify/swagger; no second copy by hand),
 * at GET /api/openapi.json, and a browsable reference at /api/docs (Swagger UI's own
 * files, served from /api/docs/static: no inline script, so the strict CSP stays as it is,
 * and none of it is in the app's bundles).
 *
 * The error answers of each route are added from what the route declares: its guard
 * (401, 403), its schemas (400, 413, 422), a path parameter (404), a rate limit (429),
 * and what every route can answer (500, 503), all in the shape of docs/api.md.
 *
 * Registered before the routes (it collects them with an onRoute hook).
 */
export const DOCS_PREFIX = '/api/docs';
/** A plain "HPBC API" mark, white on the reference's dark top bar, instead of Swagger UI's own. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><text x="0" y="29" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff">HPBC API</text></svg>`;

/**
 * Swagger UI's own look, made to pass axe (WCAG 2.2 AA) on /api/docs: darker badge, link and
 * method colours (white on Swagger's light blue and green was under 3:1).
 */
const DOCS_CSS = `
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize svg { fill: #166534; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #166534; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a3412; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #115e59; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b21a8; }
`;

/**
 * What axe still finds in Swagger UI's markup, mended once it is drawn (a file of its own:
 * no inline script under the CSP): the logo image's text and the server list's name.
 */
const DOCS_JS = `(function () {
  function mend() {
    var logo = document.querySelector('#swagger-ui .topbar a.link img');
    if (logo && !logo.alt) logo.alt = 'HPBC API';
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
  }
  mend();
  new MutationObserver(mend).observe(document.body, { childList: true, subtree: true });
})();
`;

/**
 * The CSP source of the one inline <style> Swagger UI draws: the style element of its own
 * small logo (an SVG in swagger-ui-standalone-preset.js, shown until the initializer puts ours
 * in its place). Its hash is allowed on /api/docs only; read from the file served, so an
 * upgrade keeps it right (the journey fails on any refused style).
 */
export function docsInlineStyleSources(): string[] {
  const require = createRequire(import.meta.url);
  const file = path.join(
    path.dirname(require.resolve('@fastify/swagger-ui')),
    'static',
    'swagger-ui-standalone-preset.js',
  );
  const code = readFileSync(file, 'utf8');
  return [...new Set([...code.matchAll(/"(\.logo_[a-z_]+svg__[^"]*\})"/g)].map((m) => m[1]!))].map(
    (css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

const message = { type: 'string', description: 'In the language of Accept-Language (en or my).' };
const errorAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  type: 'object',
  required: ['message'],
  properties: { message, ...extra },
});
const validationAnswer = errorAnswer('Validation failed: every failing field is listed; `message` repeats the first.', {
  errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
});

const FORBIDDEN: Record<GuardKind, string | undefined> = {
  user: undefined,
  verified: 'Signed in, but the e-mail address is not verified.',
  role: 'Signed in, but without the role this call needs (or the e-mail is not verified).',
  admin: 'Signed in, but not an administrator (or the e-mail is not verified).',
};
const RANK: Record<GuardKind, number> = { user: 1, verified: 2, role: 3, admin: 4 };

function hooksOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
}

/** The strictest guard a route runs, if any. */
export function routeGuard(route: RouteOptions): GuardKind | undefined {
  let found: GuardKind | undefined;
  for (const hook of hooksOf(route)) {
    const kind = guardKindOf(hook);
    if (kind && (!found || RANK[kind] > RANK[found])) found = kind;
  }
  return found;
}

/** The error answers this route can give, keyed by status. */
export function errorAnswersOf(route: RouteOptions): Record<string, unknown> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const method = [route.method].flat().join(',');
  const takesBody = /POST|PUT|PATCH/.test(method);
  if (takesBody) {
    out['400'] = errorAnswer('The body is not valid JSON (or a form that cannot be read).');
    out['413'] = errorAnswer('The body is over the size limit.');
  }
  const guard = routeGuard(route);
  if (guard) {
    out['401'] = errorAnswer(
      'Missing, unknown, expired or revoked token (`status: "inactive"` for a deactivated account).',
      {
        status: { type: 'string', enum: ['inactive'] },
      },
    );
    const forbidden = FORBIDDEN[guard];
    if (forbidden) out['403'] = errorAnswer(forbidden);
  }
  if (schema.params || route.url.includes(':')) out['404'] = errorAnswer('No such record.');
  if (schema.body || schema.querystring || schema.params || takesBody) out['422'] = validationAnswer;
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) out['429'] = errorAnswer('Too many attempts; `Retry-After` tells when to try again.');
  out['500'] = errorAnswer('Server error (the details go to the server log only).');
  out['503'] = errorAnswer('The database is briefly unreachable; `Retry-After: 10`.');
  return out;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Which routes are the reference's own files or the web app's, not API calls: left out of the document. */
export function isUndocumented(url: string): boolean {
  return url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

export async function registerApiDescription(app: FastifyInstance, opts: { appUrl: string }): Promise<void> {
  // Routes made from a declaration (plugins/route.ts) are described from it, in full.
  const declared = new Set<EndpointKey>();
  app.addHook('onRoute', (r) => {
    if (r.config?.endpoint) declared.add(r.config.endpoint);
    // The library's files are served by a static mount; their declaration describes them.
    if (r.url === '/documents/*') declared.add('GET /documents/library/:file');
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HPBC portal API',
        version: '1.0.0',
        description:
          'The HTTP API of the High-rise and Public Building projects Committee portal. Generated from the route schemas; ' +
          'the prose contract is docs/api.md. Errors are JSON with a `message` in the language of `Accept-Language` (en or my).',
      },
      servers: [{ url: opts.appUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/user/login.' },
        },
      },
    },
    transform: (input) => {
      const { route, url } = input;
      if (isUndocumented(url) || route.config?.endpoint || url === '/documents/*') {
        return { schema: { hide: true } as never, url };
      }
      // Static file routes (the library's PDFs, the web app) come with no schema.
      const transformed = input.schema
        ? zodTransform(input as Parameters<typeof zodTransform>[0])
        : { schema: {} as Record<string, unknown>, url };
      const schema = transformed.schema as Record<string, unknown>;
      const response = (schema.response ?? {}) as Record<string, unknown>;
      schema.response = { ...errorAnswersOf(route), ...response };
      if (routeGuard(route)) schema.security = [{ bearer: [] }];
      const segment = url.replace(/^\/api\/(v1\/)?/, '').split('/')[0] || 'site';
      schema.tags ??= [
        url.startsWith('/api/admin/') ? 'admin' : url.startsWith('/documents/') ? 'library' : segment || 'site',
      ];
      return { ...transformed, schema: schema as never };
    },
    transformObject: (input) => {
      const doc = (
        input as {
          openapiObject: {
            paths?: Record<string, Record<string, unknown>>;
            components?: { schemas?: Record<string, unknown> };
          };
        }
      ).openapiObject;
      doc.paths ??= {};
      for (const key of [...declared].sort()) {
        const { path, method, operation } = operationOf(key, contract[key]);
        (doc.paths[path] ??= {})[method] = operation;
      }
      doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...componentSchemas } };
      return doc as never;
    },
  });

  const docsStyles = docsInlineStyleSources().join(' ');
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The same document as /api/openapi.json (at /api/docs/json); no inline script, no outside hosts.
    // Tags folded: Swagger UI 5 stops drawing a 134-path 3.1 document's operations part way
    // down the first tag when it draws them all at once (found by bisecting the document in
    // Chromium); folded, every tag shows and each opens whole.
    // No deep links (decision 105): Swagger UI draws each as a link inside the operation's button (axe:
    // nested-interactive, and a target under 24 px).
    uiConfig: { deepLinking: false, docExpansion: 'none' },
    validatorUrl: false,
    staticCSP: false,
    // The reference's pages allow the hash of Swagger UI's logo style too; no other page does.
    uiHooks: {
      onRequest: (_req, reply, done) => {
        const csp = reply.raw.getHeader('content-security-policy');
        if (typeof csp === 'string' && docsStyles) {
          reply.raw.setHeader(
            'content-security-policy',
            csp.replace("style-src 'self'", `style-src 'self' ${docsStyles}`),
          );
        }
        done();
      },
    },
    theme: {
      title: 'HPBC portal API',
      // The committee's mark instead of Swagger UI's own, no search box for other documents,
      // and what axe asks of Swagger UI's markup.
      css: [{ filename: 'hpbc.css', content: DOCS_CSS }],
      js: [{ filename: 'hpbc-a11y.js', content: DOCS_JS }],
    },
    logo: { type: 'image/svg+xml', content: LOGO_SVG },
  });

  // The document does not change while the process runs: its bytes, gzip, brotli and ETag
  // are made once, on first asking (after every route is registered; docs/decisions/085).
  let document: Promise<Answer> | undefined;
  route(app, 'GET /api/openapi.json', async (req, reply) => {
    document ??= prepare(app.swagger()).catch((err: unknown) => {
      document = undefined;
      throw err;
    });
    return sendAnswer(req, reply, await document);
  });
}
