import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { LIBRARY_SEARCH_MARKERS } from '../../db/seed/library-content';
import { writeLibraryFiles } from '../../db/seed/library.seed';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { indexLibrary } from './library.indexer';

// The demo volumes, generated and indexed as a start after seeding does.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await writeLibraryFiles(t.config.dataDir);
  const report = await indexLibrary({ database: t.database, documentsDir: path.join(t.config.dataDir, 'documents') });
  expect(report.indexed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
}, 120_000);
afterAll(() => t.close());

async function search(q: string) {
  const res = await t.app.inject({ url: `/api/library/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { document_id: number; page_number: number; snippet: string }[];
}

describe('searching the demo library', () => {
  it.each(LIBRARY_SEARCH_MARKERS)('finds "$word" on page $page of volume $documentId only', async (marker) => {
    const hits = await search(marker.word);
    expect(hits.map((h) => [h.document_id, h.page_number])).toEqual([[marker.documentId, marker.page]]);
    expect(hits[0]!.snippet.replace(/\s/g, '').toLowerCase()).toContain(`<mark>${marker.word.replace(/\s/g, '')}`);
  });

  it('finds Burmese words whose vowel sign is drawn before the consonant', async () => {
    // "building": on every cover (the sample notice) and in the Burmese notes.
    const hits = await search('အဆောက်အအုံ');
    expect(hits.length).toBeGreaterThanOrEqual(8);
    expect(hits.filter((h) => h.page_number === 1).map((h) => h.document_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await search('ကော်လံ')).map((h) => [h.document_id, h.page_number])).toContainEqual([3, 5]);
  });
});
