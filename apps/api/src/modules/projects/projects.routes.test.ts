import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertProject } from '../../../test/public-records';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const rn of [5, 12, 9]) await insertProject(t.database, rn);
});
afterAll(() => t.close());

describe('GET /api/project-list', () => {
  it('lists every project, highest RN number first', async () => {
    const res = await t.app.inject({ url: '/api/project-list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { rn_number: number }) => p.rn_number)).toEqual([12, 9, 5]);
  });

  it('answers 304 to a matching If-None-Match and sees new rows after a change', async () => {
    const first = await t.app.inject({ url: '/api/project-list' });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: '/api/project-list', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await t.database.db.insert(projects).values({
      rnNumber: 20,
      projectName: 'New',
      developer: 'D',
      status: 'Pending',
      storey: 3,
      buildingHeight: 10,
      location: 'L',
      region: 'R',
      state: 'S',
    });
    await new Promise((r) => setTimeout(r, 1100));
    const changed = await t.app.inject({ url: '/api/project-list', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data[0].rn_number).toBe(20);
  });

  it('sends brotli or gzip when asked', async () => {
    const br = await t.app.inject({ url: '/api/project-list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ url: '/api/project-list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});

describe('GET /api/project-list/:id', () => {
  it('returns one project', async () => {
    const list = (await t.app.inject({ url: '/api/project-list' })).json().data;
    const res = await t.app.inject({ url: `/api/project-list/${list[1].id}` });
    // With its construction (issue 30): null for a project no registration published.
    expect(res.json()).toEqual({ data: { ...list[1], construction: null } });
  });
  it.each(['999999', 'abc', '1e3', '-1'])('answers 404 for %s', async (id) => {
    const res = await t.app.inject({ url: `/api/project-list/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
  });
});
