import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { indexLibrary } from './library.indexer';
import { makeTestPdf } from './library.test-pdf';

let t: TestApp;
let libraryDir: string;
let documentsDir: string;

const VOLUME_1 = [
  ['Part 1 Administration', 'Building permits are issued by the committee.'],
  ['Inspection of works in progress.', 'The inspector may stop unsafe work.'],
  ['အဆောက်အအုံ ဆောက်လုပ်ခွင့် လျှောက်ထားခြင်း', 'Permit fees are listed in the annex.'],
];
const VOLUME_3 = [
  ['Parts 3 and 4 Structural Design', 'Loads on floors and roofs.'],
  ['Clause 4.2 The bearing capacity of soil shall be proven by a pile load test.', 'Piling records are kept.'],
];

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/library/search?${query}`, headers: { 'accept-language': 'en' } });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await buildTestApp();
  documentsDir = path.join(t.config.dataDir, 'documents');
  libraryDir = path.join(documentsDir, 'library');
  mkdirSync(libraryDir, { recursive: true });
  writeFileSync(path.join(libraryDir, 'part-1.pdf'), await makeTestPdf(VOLUME_1));
  writeFileSync(path.join(libraryDir, 'part-3.pdf'), await makeTestPdf(VOLUME_3));
  const report = await indexLibrary({ database: t.database, documentsDir });
  expect(report.indexed).toEqual([1, 3]);
  expect(report.missing).toEqual([2, 4, 5, 6, 7, 8]);
});
afterAll(() => t.close());

describe('GET /api/library/search', () => {
  it('finds an English word on the page it is on, with the title and a marked snippet', async () => {
    const { status, body } = await search('q=bearing');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        document_id: 3,
        title: 'Parts 3 & 4: Structural Design & Soil Foundation',
        page_number: 2,
        snippet: expect.stringContaining('<mark>bearing</mark> capacity'),
      },
    ]);
  });

  it('matches words by prefix and needs every word', async () => {
    const { body } = await search('q=insp');
    expect(body.data.map((h: { page_number: number }) => h.page_number)).toEqual([2]);
    expect(body.data[0].snippet).toContain('<mark>Inspection</mark>');
    expect(body.data[0].snippet).toContain('<mark>inspector</mark>');
    expect((await search('q=pile+load')).body.data).toHaveLength(1);
    expect((await search('q=pile+roofs')).body.data).toEqual([]);
  });

  it('finds a Burmese word inside a run of text', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('ဆောက်လုပ်ခွင့်')}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ document_id: 1, page_number: 3 });
    // Text extraction may put a space inside a Burmese word; the mark spans it.
    expect(body.data[0].snippet.replace(/\s/g, '')).toContain('<mark>ဆောက်လုပ်ခွင့်</mark>');
  });

  it('falls back to substrings for part of a word or a clause number', async () => {
    expect((await search('q=4.2')).body.data).toMatchObject([{ document_id: 3, page_number: 2 }]);
    expect((await search('q=apacit')).body.data).toMatchObject([{ document_id: 3, page_number: 2 }]);
  });

  it('limits the search to one volume when asked', async () => {
    expect((await search('q=permit')).body.data.length).toBe(2);
    expect((await search('q=permit&document_id=3')).body.data).toEqual([]);
  });

  it.each([
    ['q=', 'q'],
    ['q=+++', 'q'],
    ['', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=pile&document_id=9', 'document_id'],
    ['q=pile&document_id=x', 'document_id'],
  ])('answers 422 for %j naming %s', async (query, field) => {
    const { status, body } = await search(query);
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it.each(["'", '"', '&|!', 'pile:*', '(pile', '\\', '%', '_', '%F0%9F%8F%97', '<script>', 'a & b | !c', "o'brien"])(
    'does not fail on odd input %j',
    async (q) => {
      const { status, body } = await search(`q=${/%[0-9A-F]{2}/.test(q) ? q : encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.data)).toBe(true);
    },
  );

  it('answers 422 on q for text that cannot be stored (a NUL), as docs/api.md says', async () => {
    const { status, body } = await search('q=a%00b');
    expect(status).toBe(422);
    expect(body.errors).toHaveProperty('q');
  });

  it('re-indexes only changed files', async () => {
    let report = await indexLibrary({ database: t.database, documentsDir });
    expect(report.indexed).toEqual([]);
    expect(report.unchanged).toEqual([1, 3]);
    writeFileSync(path.join(libraryDir, 'part-3.pdf'), await makeTestPdf([['Replaced volume about formwork.']]));
    report = await indexLibrary({ database: t.database, documentsDir });
    expect(report.indexed).toEqual([3]);
    expect((await search('q=bearing')).body.data).toEqual([]);
    expect((await search('q=formwork')).body.data).toMatchObject([{ document_id: 3, page_number: 1 }]);
  });

  it('rate-limits searching', async () => {
    let last = 0;
    for (let i = 0; i < 65 && last !== 429; i++) last = (await search('q=permit')).status;
    expect(last).toBe(429);
  });
});
