import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { fill } from './web-app';
import { insertProject } from '../../test/public-records';
import { cspDirectives } from '../../test/csp';
import { fakeWebDist } from '../../test/web-dist';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="csrf-token" content="" />
    <title>HPBC</title>
    <script type="module" src="/assets/app-3f9a1c.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestApp;
let webDist: string;
let projectId: number;
beforeAll(async () => {
  webDist = fakeWebDist({
    'index.html': INDEX_HTML,
    'assets/app-3f9a1c.js': 'console.log("app");\n',
    // What the web build writes (apps/web/vite.config.ts, routePreloads).
    '.vite/route-preloads.json': JSON.stringify({
      '/project-list': ['/assets/project-list-a1b2c3.js', '/assets/projects-d4e5f6.js'],
      '/library': ['/assets/library-0a1b2c.js', '"><script>alert(1)</script>'],
      '/user/national/reviews/:id': ['/assets/national-review-9f8e7d.js'],
    }),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  t = await buildTestApp({ config: { webDist } });
  projectId = await insertProject(t.database, 1);
  mkdirSync(path.join(t.config.dataDir, 'documents', 'library'), { recursive: true });
  writeFileSync(path.join(t.config.dataDir, 'documents', 'library', 'part-1.pdf'), '%PDF-1.7\n%%EOF\n');
  writeFileSync(path.join(t.config.dataDir, 'private.txt'), 'not for the public');
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the HTML page', () => {
  it('is served with a strict Content-Security-Policy and the other security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = cspDirectives(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-|\*|https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('fills the CSRF meta tag and sets the matching HttpOnly cookie', async () => {
    const res = await t.app.inject({ url: '/' });
    const token = /<meta name="csrf-token" content="([^"]*)" \/>/.exec(res.body)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^hpbc_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict/);
    // A browser that already has the cookie keeps it, and gets the same token.
    const again = await t.app.inject({ url: '/login', headers: { cookie: cookie.split(';')[0]! } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain(`content="${token}"`);
  });

  it.each(['/terms', '/user/dashboard?tab=1', '/email/verify/1/abc?expires=1&signature=x'])(
    'is the answer to %s, so the front end can route it',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/library' });
    expect(res.statusCode).toBe(200);
  });
});

describe("a page's own code, preloaded", () => {
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it.each(['/project-list', '/Project-List/', '/project-list?page=2'])(
    "links %s to the project list's route chunk and texts, inside <head>",
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual(['/assets/project-list-a1b2c3.js', '/assets/projects-d4e5f6.js']);
      expect(res.body.indexOf('/assets/projects-d4e5f6.js')).toBeLessThan(res.body.indexOf('</head>'));
      expect(res.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}" \/>/);
      // Never cached and without a validator: a 304 or a cached copy cannot carry another path's links.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    },
  );

  it.each(['/user/national/reviews/5', '/user/national/reviews/12/'])(
    'links %s to the page its listed path names by a :param segment',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(preloads(res.body)).toEqual(['/assets/national-review-9f8e7d.js']);
    },
  );

  it('gives other pages, unknown paths and assets no preloads, and /api paths no page', async () => {
    for (const url of [
      '/',
      '/terms',
      '/project-list/x',
      '/assets/missing-1a2b3c.js',
      '/user/national/reviews',
      '/user/national/reviews/5/x',
    ]) {
      const res = await t.app.inject({ url });
      expect(preloads(res.body), url).toEqual([]);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const api = await t.app.inject({ url: '/api/no-such/project-list' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('modulepreload');
  });

  it("links only the build's hashed scripts", async () => {
    const res = await t.app.inject({ url: '/library' });
    expect(preloads(res.body)).toEqual(['/assets/library-0a1b2c.js']);
    expect(res.body).not.toContain('alert(1)');
  });
});

describe('other paths next to the page', () => {
  it('keeps unknown /api paths and non-GET requests JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/somewhere'],
      // Issue 24, hole 13: a doubled slash or other case is still an API path.
      ['GET', '//api/user'],
      ['GET', '/API/user'],
      ['GET', '/Api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never serves a page as a static file, so every page has its CSRF token (issue 24, hole 13)', async () => {
    for (const url of ['/index.html', '/INDEX.HTML']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toMatch(/<meta name="csrf-token" content="[^"]+" \/>/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves hashed assets with long caching', async () => {
    const res = await t.app.inject({ url: '/assets/app-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves library PDFs from DATA_DIR/documents and nothing outside it', async () => {
    const pdf = await t.app.inject({ url: '/documents/library/part-1.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    for (const url of ['/documents/../private.txt', '/documents/%2e%2e/private.txt', '/documents/..%2fprivate.txt']) {
      const res = await t.app.inject({ url });
      expect(res.body).not.toContain('not for the public');
    }
  });
});

describe("a path outside the front end's route table", () => {
  it.each(['/anything-else', '/user/nothing', '/project-detail/42/more', '/admin/registrations/1/x', '/login/x'])(
    'answers %s with 404 and the same app page (which shows its not-found screen)',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}" \/>/);
    },
  );

  it('answers a project page with 404 when there is no such project', async () => {
    for (const url of [
      '/project-detail/999999',
      '/project-detail/0',
      '/project-detail/abc',
      '/project-detail/99999999999999999999',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("answers the route table's paths with 200, whatever their case, slash or query", async () => {
    for (const url of [
      '/',
      '/Login',
      '/library/',
      '/user/projects/7?x=1',
      '/admin/service-requests/3',
      `/project-detail/${projectId}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe("a shared link's description", () => {
  const en = 'Developer: {{developer}} · {{location}}, {{state}} · Status: {{status}}';
  const my = 'ဆောက်လုပ်ရေး လုပ်ငန်းရှင်: {{developer}} · {{location}}၊ {{state}} · အခြေအနေ: {{status}}';
  it('names what the record has, and drops the parts it lacks with their separators', () => {
    const all = { developer: 'Golden Land', location: 'Bahan', state: 'Yangon', status: 'Active' };
    expect(fill(en, all)).toBe('Developer: Golden Land · Bahan, Yangon · Status: Active');
    expect(fill(en, { ...all, developer: '', location: '' })).toBe('Yangon · Status: Active');
    expect(fill(en, { ...all, location: '', state: '' })).toBe('Developer: Golden Land · Status: Active');
    expect(fill(my, { ...all, developer: '', state: '' }, { Active: 'လုပ်ဆောင်ဆဲ' })).toBe('Bahan · အခြေအနေ: လုပ်ဆောင်ဆဲ');
  });
});
