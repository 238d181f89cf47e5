import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointKey } from '@hpbc/shared/contract';
import { splitKey, type Endpoint } from '@hpbc/shared/contract/endpoint';
import { preferredCoding } from '../src/lib/prepared-answer';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUser } from './accounts';
import { recordFastPath } from './fast-path-spy';
import { insertProject } from './public-records';

// HTTP details other programs rely on (issue 29, item 6; docs/decisions/085): compression
// honouring q-values, ETag and 304 (If-None-Match: * included), no-store for token-carrying
// requests, CORS on open data declared once, and Permissions-Policy. Bodies are decoded with
// node:zlib, as curl --compressed or a browser would.

let t: TestApp;
let address: string;
let token: string;
const fastPathAnswered: boolean[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  for (let rn = 1; rn <= 30; rn++) await insertProject(t.database, rn, { projectName: `ရွှေ Tower ${rn}` });
  token = (await createUser(t.database)).token;
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  recordFastPath(t.app, (answered) => fastPathAnswered.push(answered));
});
afterAll(() => t.close());

const decode = (encoding: string | undefined, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('Accept-Encoding with q-values (RFC 9110, 12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['gzip;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['GZIP;Q=1.0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=2', 'identity'],
    ['', 'identity'],
  ])('%j → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('the project list page’s own call and the OpenAPI document', () => {
  for (const url of ['/api/project-list?page=2&per_page=10', '/api/openapi.json']) {
    it(`${url}: compressed as asked, one ETag for every encoding, 304 on If-None-Match`, async () => {
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['cache-control']).toBe('no-cache');
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const json = plain.body;
      expect(JSON.parse(json)).toBeTruthy();

      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0', undefined],
        ['gzip;q=0, br;q=0', undefined],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.etag, accept).toBe(etag);
        expect(decode(encoding, res.rawPayload), accept).toBe(json);
        if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(Buffer.byteLength(json));
      }
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await t.app.inject({ url, headers: { 'if-none-match': inm, 'accept-encoding': 'br' } });
        expect(res.statusCode, inm).toBe(304);
        expect(res.rawPayload.length, inm).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      expect((await t.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    });
  }

  it('a page gets a new ETag when its rows change', async () => {
    const url = '/api/project-list?page=1&per_page=5';
    const before = (await t.app.inject({ url })).headers.etag;
    await insertProject(t.database, 99);
    const after = await t.app.inject({ url, headers: { 'if-none-match': String(before) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});

describe('over a real socket (the prepared lists’ fast path answers before Fastify)', () => {
  const get = async (url: string, headers: Record<string, string>) => {
    fastPathAnswered.length = 0;
    const res = await request(`${address}${url}`, { headers });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers, body, fast: fastPathAnswered[0] };
  };

  it('honours gzip;q=0 and answers If-None-Match: * with 304', async () => {
    await get('/api/project-list', {}); // the answer prepared
    const br = await get('/api/project-list', { 'accept-encoding': 'gzip;q=0, br' });
    expect(br.fast).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    const json = decode('br', br.body);
    expect(JSON.parse(json).data.length).toBeGreaterThanOrEqual(30);
    const none = await get('/api/project-list', { 'accept-encoding': 'gzip;q=0' });
    expect(none.fast).toBe(true);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(json);
    const star = await get('/api/project-list', { 'if-none-match': '*' });
    expect([star.fast, star.status, star.body.length]).toEqual([true, 304, 0]);
  });

  it('leaves a token-carrying request to Fastify, which answers no-store', async () => {
    const anonymous = await get('/api/project-list', {});
    expect([anonymous.fast, anonymous.headers['cache-control']]).toEqual([true, 'no-cache']);
    for (const authorization of [`Bearer ${token}`, 'Bearer not-a-token']) {
      const res = await get('/api/project-list', { authorization });
      expect(res.fast).toBe(false);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the open data with its CORS headers from the fast path as from Fastify', async () => {
    await get('/api/open-data/projects.json', {});
    const res = await get('/api/open-data/projects.json', { origin: 'https://elsewhere.example' });
    expect(res.fast).toBe(true);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends Permissions-Policy on the fast path too', async () => {
    const res = await get('/api/eiet-list', {});
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
  });
});

describe('Cache-Control: no-store for token-carrying requests (docs/api.md)', () => {
  it('on every public list, page and open data, whether the token is known or not', async () => {
    for (const url of [
      '/api/project-list',
      '/api/project-list?page=1',
      '/api/eiet-list',
      '/api/open-data/projects.csv',
      '/api/statistics',
      '/api/project-list/1',
    ]) {
      const signedIn = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
      const anonymous = await t.app.inject({ url });
      expect(anonymous.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe('open data and statistics: Access-Control-Allow-Origin: * from one declaration', () => {
  const open = (Object.keys(contract) as EndpointKey[]).filter((key) => {
    const path = splitKey(key)[1];
    return path.startsWith('/api/open-data/') || path.startsWith('/api/statistics');
  });

  it('every such endpoint is declared openToAll, and no other', () => {
    expect(open.sort()).toEqual([
      'GET /api/open-data/decisions.json',
      'GET /api/open-data/projects.csv',
      'GET /api/open-data/projects.json',
      'GET /api/statistics',
      'GET /api/statistics.csv',
    ]);
    const flagged = (Object.keys(contract) as EndpointKey[]).filter((key) => (contract[key] as Endpoint).openToAll);
    expect(flagged.sort()).toEqual(open);
  });

  it.each(['/api/open-data/decisions.json', '/api/open-data/projects.csv', '/api/statistics', '/api/statistics.csv'])(
    '%s answers any origin, without credentials',
    async (url) => {
      const res = await t.app.inject({ url, headers: { origin: 'https://news.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    },
  );

  it('other public calls stay same-origin', async () => {
    for (const url of ['/api/project-list', '/api/project-list?page=1', '/api/eiet-list', '/api/openapi.json']) {
      const res = await t.app.inject({ url });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('Permissions-Policy', () => {
  it('denies the powerful features, keeping camera and geolocation for this origin only', async () => {
    for (const url of ['/api/project-list?page=1', '/api/no-such-thing', '/api/user/profile']) {
      const res = await t.app.inject({ url });
      const policy = Object.fromEntries(
        String(res.headers['permissions-policy'])
          .split(',')
          .map((d) => d.trim().split('=') as [string, string]),
      );
      expect(policy.camera, url).toBe('(self)');
      expect(policy.geolocation, url).toBe('(self)');
      for (const feature of ['microphone', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
        expect(policy[feature], `${url} ${feature}`).toBe('()');
      }
    }
  });
});
