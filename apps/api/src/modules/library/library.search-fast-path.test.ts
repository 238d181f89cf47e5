import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { indexLibrary } from './library.indexer';
import { makeTestPdf } from './library.test-pdf';
import { recordFastPath } from '../../../test/fast-path-spy';

// A repeated search is answered before Fastify (docs/decisions/061): over a real socket, behind
// a trusted proxy (each client its own X-Forwarded-For, as the benchmark sends), it must be
// the answer Fastify gives, counted under the same per-address limit of 60 a minute.

let t: TestApp;
let address: string;
let documentsDir: string;
/** For each request since the last reset: answered by the fast path (true) or left to Fastify. */
let served: boolean[];

beforeAll(async () => {
  t = await buildTestApp({ config: { trustProxy: 'loopback' } });
  documentsDir = path.join(t.config.dataDir, 'documents');
  mkdirSync(path.join(documentsDir, 'library'), { recursive: true });
  writeFileSync(
    path.join(documentsDir, 'library', 'part-1.pdf'),
    await makeTestPdf([['Fire resistance of walls.', 'Fire exits shall be marked.'], ['Building permits.']]),
  );
  await indexLibrary({ database: t.database, documentsDir });
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  served = [];
  recordFastPath(t.app, (answered) => served.push(answered));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

/** The search's kept answers are checked against the library at most once a second: the clock is held. */
function holdTheClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

interface Raw {
  status: number;
  /** Name, value, ... in the order sent, without those of the connection or the second. */
  headers: string[];
  body: Buffer;
}

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive']);

function get(url: string, from: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${address}${url}`, { headers: { 'x-forwarded-for': from, ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!PER_CONNECTION.has(res.rawHeaders[i]!.toLowerCase()))
              kept.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The same request, left to Fastify. */
async function throughFastify(url: string, from: string, headers: Record<string, string> = {}): Promise<Raw> {
  vi.mocked(t.app.fastPath.serve).mockImplementationOnce(() => {
    served.push(false);
    return false;
  });
  return get(url, from, headers);
}

function header(raw: Raw, name: string): string | undefined {
  const i = raw.headers.findIndex((h, n) => n % 2 === 0 && h.toLowerCase() === name);
  return i === -1 ? undefined : raw.headers[i + 1];
}

describe('the library search before Fastify', () => {
  it('sends the bytes and headers, in order, that the Fastify route sends', async () => {
    const urls = ['/api/library/search?q=fire', '/api/library/search?q=Fire%20exits&document_id=1'];
    for (const [i, url] of urls.entries()) {
      const first = await get(url, `203.0.113.${10 * i + 1}`);
      expect(first.status).toBe(200);
      holdTheClock();
      served = [];
      // Each from a new address: the first count of its window, as the first one was.
      const fast = await get(url, `203.0.113.${10 * i + 2}`);
      const slow = await throughFastify(url, `203.0.113.${10 * i + 3}`);
      expect(served).toEqual([true, false]);
      expect(fast).toEqual(slow);
      expect(fast).toEqual(first);
      expect(header(fast, 'x-ratelimit-remaining')).toBe('59');
      expect(header(fast, 'x-content-type-options')).toBe('nosniff');
      expect(JSON.parse(fast.body.toString()).data.length).toBeGreaterThan(0);
      vi.useRealTimers();
    }
  });

  it('counts every search of an address under the one limit: the 61st gets the 429 it always got', async () => {
    const url = '/api/library/search?q=fire';
    const from = '198.51.100.7';
    await get(url, '203.0.113.1');
    holdTheClock();
    served = [];
    const remaining: (string | undefined)[] = [];
    // Both ways count in the same window: every tenth search goes through Fastify.
    for (let n = 1; n <= 60; n++) {
      const res = n % 10 === 0 ? await throughFastify(url, from) : await get(url, from);
      expect(res.status).toBe(200);
      remaining.push(header(res, 'x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => String(59 - i)));
    expect(served.filter(Boolean)).toHaveLength(54);

    served = [];
    const over = await get(url, from);
    const again = await throughFastify(url, from);
    // The fast path does not count a search over the limit; Fastify counts it and refuses it.
    expect(served).toEqual([false, false]);
    expect(over.status).toBe(429);
    expect(over).toEqual(again);
    expect(header(over, 'x-ratelimit-limit')).toBe('60');
    expect(header(over, 'x-ratelimit-remaining')).toBe('0');
    expect(header(over, 'retry-after')).toBe('60');
    expect(JSON.parse(over.body.toString())).toHaveProperty('message');

    // Another address is not held back; the next window starts the count again.
    expect((await get(url, '198.51.100.8')).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    served = [];
    const next = await get(url, from);
    expect(served).toEqual([true]);
    expect(next.status).toBe(200);
    expect(header(next, 'x-ratelimit-remaining')).toBe('59');
  });

  it('leaves bad queries to Fastify, answered as before, however often they come', async () => {
    holdTheClock();
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['q=fire&document_id=9', 'document_id'],
      ['q=a%00b', 'q'],
    ] as const) {
      served = [];
      const url = `/api/library/search?${query}`;
      const answers = [await get(url, '192.0.2.1'), await get(url, '192.0.2.1', { 'accept-language': 'my' })];
      expect(served).toEqual([false, false]);
      for (const res of answers) {
        expect(res.status).toBe(422);
        expect(Object.keys(JSON.parse(res.body.toString()).errors)).toEqual([field]);
      }
    }
    // A query string it has not answered yet, another method, a path without a query: Fastify.
    served = [];
    expect((await get('/api/library/search?q=permits&x=1', '192.0.2.2')).status).toBe(200);
    expect((await get('/api/library/search', '192.0.2.2')).status).toBe(422);
    expect(served).toEqual([false, false]);
    served = [];
    expect((await get('/api/library/search?q=permits&x=1', '192.0.2.2')).status).toBe(200);
    expect(served).toEqual([true]);
    // A URL padded past 1,024 characters with parameters the schema drops is never kept.
    const padded = `/api/library/search?q=permits&pad=${'x'.repeat(1024)}`;
    served = [];
    expect((await get(padded, '192.0.2.3')).status).toBe(200);
    expect((await get(padded, '192.0.2.3')).status).toBe(200);
    expect(served).toEqual([false, false]);
  });

  it('sends no answer the library has replaced', async () => {
    const url = '/api/library/search?q=resistance';
    expect(JSON.parse((await get(url, '192.0.2.9')).body.toString()).data).toHaveLength(1);
    writeFileSync(
      path.join(documentsDir, 'library', 'part-1.pdf'),
      await makeTestPdf([['Replaced volume about formwork.']]),
    );
    await indexLibrary({ database: t.database, documentsDir });
    served = [];
    const after = await get(url, '192.0.2.9');
    expect(served).toEqual([false]);
    expect(JSON.parse(after.body.toString()).data).toEqual([]);
  });
});
