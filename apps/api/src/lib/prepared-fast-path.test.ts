import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { contract } from '@hpbc/shared/contract';
import { splitKey, type Endpoint } from '@hpbc/shared/contract/endpoint';
import { projects } from '../db/schema/index';
import { generateEietCompanies, generatePileCompanies, insertCompanies } from '../db/seed/companies.seed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordFastPath } from '../../test/fast-path-spy';

// The prepared public lists are answered by the server's request listener before Fastify
// (docs/decisions/028). Over a real socket, each answer must be the one Fastify gives
// (what every other API test checks through inject): status, headers and bytes.

const NOW = new Date('2026-03-15T09:30:00Z');
let t: TestApp;
let address: string;
let served: boolean[];

beforeAll(async () => {
  t = await buildTestApp();
  await insertCompanies(t.database.db, { eiet: generateEietCompanies(NOW), pile: generatePileCompanies(NOW) });
  await t.database.db.insert(projects).values({
    rnNumber: 7,
    projectName: 'ရွှေတောင် မျှော်စင်',
    developer: 'Shwe Taung',
    status: 'Active',
    basement: 2,
    storey: 21,
    buildingHeight: 72.5,
    location: 'ကမာရွတ်',
    region: 'Yangon',
    state: 'ရန်ကုန်တိုင်းဒေသကြီး',
  });
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  served = [];
  recordFastPath(t.app, (answered) => served.push(answered));
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

// The answers are checked against the database at most once a second; with the clock held,
// the answer Fastify just prepared is the one the fast path sends.
async function warm(url: string) {
  vi.useRealTimers();
  expect((await t.app.inject({ url })).statusCode).toBe(200);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

/** Headers that differ per connection or per second, not per answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
function comparable(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_CONNECTION.has(name))
      .map(([name, value]) => [name, String(value)])
      .sort(([a = ''], [b = '']) => (a < b ? -1 : 1)),
  );
}

async function overSocket(method: 'GET' | 'HEAD', url: string, headers: Record<string, string>) {
  served.length = 0;
  const res = await request(`${address}${url}`, { method, headers });
  const body = Buffer.from(await res.body.arrayBuffer());
  expect(served).toEqual([true]);
  return { status: res.statusCode, headers: comparable(res.headers), body };
}

async function throughFastify(method: 'GET' | 'HEAD', url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method, url, headers });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

// Every route declared `fastPath: 'prepared'` (packages/shared/src/contract), read from the declarations.
const PATHS = Object.entries(contract)
  .filter(([, e]: [string, Endpoint]) => e.fastPath === 'prepared')
  .map(([key]) => splitKey(key)[1]);

describe('the prepared lists over a real socket', () => {
  it('are the routes the declarations name', () => {
    expect(PATHS).toEqual(expect.arrayContaining(['/api/project-list', '/api/eiet-list', '/sitemap.xml']));
  });

  for (const url of PATHS) {
    it(`${url}: the same status, headers and bytes as the Fastify route`, async () => {
      await warm(url);
      const first = await throughFastify('GET', url, {});
      const lastModified = first.headers['last-modified'];
      const cases: Record<string, string>[] = [
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'identity' },
        {},
        { 'if-none-match': first.headers.etag! },
        { 'if-none-match': `W/${first.headers.etag}, "other"` },
        { 'if-none-match': '"other"' },
        ...(lastModified ? [{ 'if-modified-since': lastModified }] : []),
      ];
      for (const headers of cases) {
        for (const method of ['GET', 'HEAD'] as const) {
          const fast = await overSocket(method, url, headers);
          const slow = await throughFastify(method, url, headers);
          expect({ method, sent: headers, ...fast }).toEqual({ method, sent: headers, ...slow });
        }
      }
      const plain = await overSocket('GET', url, { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeGreaterThan(10);
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
      expect((await overSocket('GET', url, { 'if-none-match': plain.headers.etag! })).status).toBe(304);
    });
  }

  it('leaves a query string, another method and a stale answer to Fastify', async () => {
    await warm('/api/project-list');
    served.length = 0;
    const paged = await request(`${address}/api/project-list?page=1`);
    expect(paged.statusCode).toBe(200);
    expect(((await paged.body.json()) as { meta: unknown }).meta).toBeDefined();
    const post = await request(`${address}/api/project-list`, { method: 'POST' });
    await post.body.dump();
    expect(post.statusCode).toBe(404);
    expect(served).toEqual([false, false]);

    vi.setSystemTime(Date.now() + 5_000);
    served.length = 0;
    const stale = await request(`${address}/api/project-list`);
    await stale.body.dump();
    expect(stale.statusCode).toBe(200);
    expect(served).toEqual([false]);
  });
});
