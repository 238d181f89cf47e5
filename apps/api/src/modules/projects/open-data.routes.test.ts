import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { OPEN_DATA_COLUMNS } from './projects.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.insert(projects).values([
    {
      rnNumber: 7,
      projectName: 'ရွှေတောင် မျှော်စင်',
      developer: 'Shwe "Golden" Taung, Ltd.',
      status: 'Active',
      basement: 2,
      storey: 21,
      buildingHeight: 72.5,
      location: 'ကမာရွတ်',
      region: 'Yangon (West)\nDistrict',
      state: 'ရန်ကုန်တိုင်းဒေသကြီး',
    },
    {
      rnNumber: 3,
      projectName: '=HYPERLINK("http://x")',
      developer: 'Plain',
      status: 'Completed',
      basement: 0,
      storey: 8,
      buildingHeight: 30,
      location: 'Bahan',
      region: 'Yangon (East) District',
      state: 'Yangon Region',
    },
  ]);
});
afterAll(() => t.close());

const publicList = async () =>
  (await t.app.inject({ url: '/api/project-list' })).json().data as Record<string, unknown>[];

describe('GET /api/open-data/projects.csv', () => {
  it('is RFC 4180 CSV in UTF-8 with a BOM, Burmese intact, and matches the public list', async () => {
    const res = await t.app.inject({ url: '/api/open-data/projects.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="hpbc-projects.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    expect(text.endsWith('\r\n')).toBe(true);
    // A strict RFC 4180 parse: CRLF records, quotes only where needed, same column count.
    const records: string[][] = parse(text, {
      record_delimiter: '\r\n',
      relax_quotes: false,
      relax_column_count: false,
    });
    expect(records[0]).toEqual([...OPEN_DATA_COLUMNS]);
    const list = await publicList();
    expect(records.length - 1).toBe(list.length);
    records.slice(1).forEach((record, i) => {
      const expected = OPEN_DATA_COLUMNS.map((c) => String(list[i]![c]));
      // A text that a spreadsheet would run as a formula carries a leading apostrophe; nothing else differs.
      expect(record.map((v) => v.replace(/^'(?=[=+\-@])/, ''))).toEqual(expected);
    });
    expect(records[1]).toContain('ရွှေတောင် မျှော်စင်');
    expect(records[1]).toContain('Shwe "Golden" Taung, Ltd.');
    expect(records[1]).toContain('Yangon (West)\nDistrict');
    expect(records[2]![2]).toBe(`'=HYPERLINK("http://x")`);
  });

  it('has an ETag and Last-Modified, answers 304 to either, and changes with the list', async () => {
    const first = await t.app.inject({ url: '/api/open-data/projects.csv' });
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(
      (await t.app.inject({ url: '/api/open-data/projects.csv', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expect(
      (await t.app.inject({ url: '/api/open-data/projects.csv', headers: { 'if-modified-since': lastModified } }))
        .statusCode,
    ).toBe(304);
    await new Promise((r) => setTimeout(r, 1100));
    await t.database.query(`UPDATE projects SET storey = storey + 1 WHERE rn_number = 3`);
    // The prepared answer checks the list's version at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
    const after = await t.app.inject({ url: '/api/open-data/projects.csv', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(Date.parse(after.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified));
  });
});

describe('GET /api/open-data/projects.json', () => {
  it('is the public list, with an ETag, Last-Modified and 304', async () => {
    const res = await t.app.inject({ url: '/api/open-data/projects.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.json().data).toEqual(await publicList());
    expect(Object.keys(res.json().data[0]).sort()).toEqual([...OPEN_DATA_COLUMNS].sort());
    expect(res.json().data[0].project_name).toBe('ရွှေတောင် မျှော်စင်');
    const again = await t.app.inject({
      url: '/api/open-data/projects.json',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
