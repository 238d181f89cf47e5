import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { docsInlineStyleSources, isUndocumented } from './api-description';

let t: TestApp;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
};

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => t.close());

/** Fastify's `/a/:id` as OpenAPI writes it; the static mount `/documents/*` is described by its one area. */
const openapiPath = (url: string) =>
  url === '/documents/*' ? '/documents/library/{file}' : url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (checked against the 3.1 schema)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the route table (but the reference pages themselves)', () => {
    // HEAD answers of GET routes are Fastify's own; a route registered as HEAD (the library's files) is listed.
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !isUndocumented(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    // And nothing that is not a route.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const inTable = new Set(t.app.routeTable.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    expect(documented.filter((d) => !inTable.has(d))).toEqual([]);
  });

  it('gives every route its error answers, from its guard, schemas and limits', () => {
    const op = (p: string, m: string) => doc.paths[p]![m]!;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, o] of Object.entries(ops)) {
        expect(o.responses['500'], `${m} ${p}`).toBeDefined();
        if (p.startsWith('/api/admin/')) {
          expect(Object.keys(o.responses), `${m} ${p}`).toEqual(expect.arrayContaining(['401', '403']));
          expect(o.security).toEqual([{ bearer: [] }]);
        }
      }
    }
    // The fixed login: its body schema, validation and rate limit.
    const login = op('/api/user/login', 'post') as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
    };
    expect(Object.keys(login.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'remember']),
    );
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['422', '429']));
    // The limit itself is written on the 429 (docs/api.md no longer restates it).
    expect(login.responses['429']).toMatchObject({
      description: expect.stringContaining('more than 30 in a minute per client address'),
    });
    expect(op('/api/user/password', 'put').responses['429']).toMatchObject({
      description: expect.stringContaining('more than 10 in 15 minutes per client address'),
    });
    expect(op('/api/user', 'get').responses['401']).toBeDefined();
    expect(op('/api/user', 'get').responses['403']).toBeUndefined();
    expect(op('/api/project-list/{id}', 'get').responses['404']).toBeDefined();
    // The fixed calls of the contract are there.
    for (const p of ['/api/project-list', '/api/eiet-list', '/api/pile-list', '/api/v1/recommendations/hierarchy']) {
      expect(doc.paths[p]?.get, p).toBeDefined();
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference as its own files, allowed by the strict CSP, never the web app', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // No inline script: every <script> has a src on this server.
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(res.body).not.toMatch(/https?:\/\//);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    }
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('./json');
    expect((await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(200);
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.json().paths).toEqual(doc.paths);
  });

  it("allows Swagger UI's one inline style by its hash on the reference's pages only, and serves its mending files (issue 28, item 11)", async () => {
    const [source] = docsInlineStyleSources();
    // The hash of the logo's style element in the Swagger UI we serve (the browser names the same).
    expect(source).toBe("'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='");
    const page = await t.app.inject({ url: '/api/docs' });
    expect(String(page.headers['content-security-policy'])).toContain(`style-src 'self' ${source}`);
    expect(page.body).toContain('theme/hpbc-a11y.js');
    for (const url of ['/', '/verify/HPBC-2026-000001', '/api/project-list']) {
      expect(String((await t.app.inject({ url })).headers['content-security-policy']), url).not.toContain(source);
    }
    const css = await t.app.inject({ url: '/api/docs/static/theme/hpbc.css' });
    expect(css.body).toContain('.opblock-summary-method');
    const js = await t.app.inject({ url: '/api/docs/static/theme/hpbc-a11y.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain("logo.alt = 'HPBC API'");
  });
});
