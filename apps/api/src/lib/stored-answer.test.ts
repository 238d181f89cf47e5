import { readdirSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { projects } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordFastPath } from '../../test/fast-path-spy';
import { contentChanged } from './content-changed';
import { ANSWER_LIMITS, jsonListOf, prepareSource } from './prepared-answer';
import { answersFolder } from './stored-answer';

// The whole lists that grow with the data are kept in files past ANSWER_LIMITS.inMemoryBytes
// and streamed from them (docs/decisions/110). With the limit lowered, the few projects of a
// test make stored answers: they must be the in-heap answers' bytes and validators, and the
// fast path must send what Fastify sends.

const GROWING = ['/api/project-list', '/api/open-data/projects.json', '/api/open-data/projects.csv', '/sitemap.xml'];
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b };

let t: TestApp;
let base: string;
const inHeap = new Map<string, { etag: string; bytes: Buffer }>();
const defaults = { ...ANSWER_LIMITS };

const project = (rn: number, name: string) => ({
  rnNumber: rn,
  projectName: name,
  developer: 'Shwe Taung, "Ltd"',
  status: 'Active',
  basement: 1,
  storey: 12,
  buildingHeight: 40.5,
  location: 'ကမာရွတ်',
  region: 'Yangon',
  state: 'ရန်ကုန်တိုင်းဒေသကြီး',
});

beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.insert(projects).values(Array.from({ length: 30 }, (_, i) => project(500 + i, `Tower ${i}`)));
  for (const url of GROWING) {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    inHeap.set(url, { etag: res.headers.etag as string, bytes: res.rawPayload });
  }
  // From here on every growing list is past the limit: made into files.
  ANSWER_LIMITS.inMemoryBytes = 64;
  ANSWER_LIMITS.keepReplacedMs = 0;
  contentChanged(t.database, 'projects');
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  Object.assign(ANSWER_LIMITS, defaults);
  vi.useRealTimers();
  await t.close();
});

describe('a whole list kept in files', () => {
  it('has the bytes, ETag and compressed forms of the same list kept in the heap', async () => {
    for (const url of GROWING) {
      const expected = inHeap.get(url)!;
      expect(expected.bytes.length).toBeGreaterThan(64);
      for (const coding of ENCODINGS) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': coding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe(expected.etag);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decode[coding](res.rawPayload).equals(expected.bytes)).toBe(true);
      }
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'identity' } });
      expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
        200,
        String(expected.bytes.length),
        0,
      ]);
      const cached = await t.app.inject({ url, headers: { 'if-none-match': expected.etag } });
      expect([cached.statusCode, cached.rawPayload.length]).toEqual([304, 0]);
    }
  });

  it('is sent by the fast path over a socket exactly as Fastify sends it', async () => {
    const answered: boolean[] = [];
    recordFastPath(t.app, (fast) => answered.push(fast));
    const perConnection = new Set(['date', 'connection', 'keep-alive']);
    const shape = (status: number, headers: Record<string, unknown>, body: Buffer) => ({
      status,
      body: body.toString('base64'),
      headers: Object.entries(headers)
        .filter(([name]) => !perConnection.has(name))
        .map(([name, value]) => `${name}: ${String(value)}`)
        .sort(),
    });
    for (const url of GROWING) {
      // Fastify's answer first: with the clock held the fast path then has it at hand.
      const { etag } = (await t.app.inject({ url })).headers;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of [
          { 'accept-encoding': 'br' },
          { 'accept-encoding': 'gzip' },
          {},
          { 'if-none-match': `${etag}` },
        ]) {
          answered.length = 0;
          const socket = await request(`${base}${url}`, { method, headers });
          const viaSocket = shape(socket.statusCode, socket.headers, Buffer.from(await socket.body.arrayBuffer()));
          expect(answered).toEqual([true]);
          const viaInject = await t.app.inject({ method, url, headers });
          expect(viaSocket).toEqual(shape(viaInject.statusCode, viaInject.headers, viaInject.rawPayload));
        }
      }
      vi.useRealTimers();
    }
  });

  it('is still sent while the changed list is being remade, then replaced and its files removed', async () => {
    const url = '/api/open-data/projects.csv';
    const old = await t.app.inject({ url });
    const { etag } = old.headers;
    // Every growing list's three files (the project list and open data's JSON are one answer).
    const files = readdirSync(answersFolder());
    expect(files).toHaveLength(9);
    await t.database.db.insert(projects).values(project(999, 'Newest tower'));
    contentChanged(t.database, 'projects');
    // The first request after the change gets the last answer rather than waiting.
    expect((await t.app.inject({ url })).headers.etag).toBe(etag);
    await vi.waitFor(async () => {
      const res = await t.app.inject({ url });
      expect(res.headers.etag).not.toBe(etag);
      expect(res.rawPayload.toString()).toContain('Newest tower');
    });
    // The replaced files are removed: as many files as before, and the CSV's old ones gone.
    await vi.waitFor(() => {
      const now = readdirSync(answersFolder());
      expect(now).toHaveLength(9);
      expect(now.filter((f) => files.includes(f))).toHaveLength(6);
    });
  });
});

describe('prepareSource', () => {
  it('keeps an answer within the limit in the heap and a larger one in files, with the same ETag', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `row ${i}` }));
    async function* batches() {
      for (let i = 0; i < rows.length; i += 7) yield rows.slice(i, i + 7);
    }
    ANSWER_LIMITS.inMemoryBytes = 10_000;
    const small = await prepareSource(jsonListOf(batches()));
    ANSWER_LIMITS.inMemoryBytes = 100;
    const large = await prepareSource(jsonListOf(batches()));
    expect(Buffer.isBuffer(small.json)).toBe(true);
    expect(small.json.toString()).toBe(JSON.stringify({ data: rows }));
    expect(Buffer.isBuffer(large.json)).toBe(false);
    expect(large.etag).toBe(small.etag);
  });
});
