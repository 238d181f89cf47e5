import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMatches, type Project } from '@hpbc/shared';
import { projects } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { queriesOf } from '../../../test/query-count';
import { contentChanged } from '../../lib/content-changed';
import { projectsRepository } from './projects.repository';

const NAMES = ['Shwe Taung Tower', 'Golden Residence', 'ရွှေတောင် အိမ်ရာ', 'Hall 100% Complete', 'Under_score Plaza'];
const STATUSES = ['Active', 'Completed', 'Pending', 'Cancelled', 'On Hold'];
const PLACES = [
  ['Kamayut', 'Yangon (West) District', 'Yangon Region'],
  ['Chanayethazan', 'Mandalay District', 'Mandalay Region'],
  ['ဇမ္ဗူသီရိ', 'Naypyitaw Union Territory', 'Naypyitaw'],
  ['Bago', 'Bago District', 'Bago Region'],
] as const;

let t: TestApp;
let all: Project[];

beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.insert(projects).values(
    Array.from({ length: 137 }, (_, i) => {
      const [location, region, state] = PLACES[i % PLACES.length]!;
      return {
        rnNumber: 1000 + i,
        projectName: `${NAMES[i % NAMES.length]} ${i}`,
        developer: 'Developer',
        status: STATUSES[(i * 7) % STATUSES.length]!,
        basement: i % 3,
        storey: 8 + (i % 20),
        buildingHeight: 30 + i,
        location,
        region,
        state,
      };
    }),
  );
  all = (await t.app.inject({ url: '/api/project-list' })).json().data;
});
afterAll(() => t.close());

async function page(query: string) {
  const res = await t.app.inject({ url: `/api/project-list?${query}` });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/project-list with paging and filters', () => {
  it('keeps the plain whole-list answer when no parameter is given', () => {
    expect(all).toHaveLength(137);
    expect(all[0]!.rn_number).toBe(1136);
  });

  it('answers one page with the totals and the distinct statuses', async () => {
    const { status, body } = await page('page=2');
    expect(status).toBe(200);
    expect(body.data).toEqual(all.slice(25, 50));
    expect(body.meta).toEqual({ total: 137, page: 2, per_page: 25, last_page: 6, statuses: [...STATUSES].sort() });
  });

  it.each([
    ['project=tower', { projectName: 'tower', status: '', location: '' }],
    ['project=%25', { projectName: '%', status: '', location: '' }],
    ['project=_', { projectName: '_', status: '', location: '' }],
    ['project=%E1%80%9B%E1%80%BD%E1%80%BE%E1%80%B1', { projectName: 'ရွှေ', status: '', location: '' }],
    ['status=On+Hold', { projectName: '', status: 'On Hold', location: '' }],
    ['location=mandalay', { projectName: '', status: '', location: 'mandalay' }],
    ['location=west', { projectName: '', status: '', location: 'west' }],
    ['location=%E1%80%87', { projectName: '', status: '', location: 'ဇ' }],
    ['project=1&status=Active&location=yangon', { projectName: '1', status: 'Active', location: 'yangon' }],
    ['status=Unknown', { projectName: '', status: 'Unknown', location: '' }],
  ])('filters %s exactly as the shared rule does', async (query, filters) => {
    const expected = all.filter((p) => projectMatches(p, filters));
    const first = await page(`${query}&per_page=100`);
    expect(first.status).toBe(200);
    expect(first.body.meta.total).toBe(expected.length);
    expect(first.body.data).toEqual(expected.slice(0, 100));
    if (expected.length > 10) {
      const second = await page(`${query}&per_page=10&page=2`);
      expect(second.body.data).toEqual(expected.slice(10, 20));
    }
  });

  // A page in the later half is read from the other end (docs/decisions/109): every page, of
  // every size, is still the same slice of the whole list, the short last one included.
  it.each([1, 7, 25, 60, 100])('gives every page of %i as the slice of the whole list', async (perPage) => {
    for (let n = 1; n <= Math.ceil(all.length / perPage); n++) {
      const { body } = await page(`per_page=${perPage}&page=${n}`);
      expect(body.data).toEqual(all.slice((n - 1) * perPage, n * perPage));
    }
    const tower = all.filter((p) => projectMatches(p, { projectName: 'tower', status: '', location: '' }));
    const last = Math.ceil(tower.length / perPage);
    expect((await page(`project=tower&per_page=${perPage}&page=${last}`)).body.data).toEqual(
      tower.slice((last - 1) * perPage, last * perPage),
    );
  });

  it('reads late pages from the other end to the same slices (the way past 10,000 rows)', async () => {
    const repo = projectsRepository(t.database.db);
    const none = { projectName: '', status: '', location: '' };
    for (const perPage of [7, 25]) {
      for (let n = 1; n <= Math.ceil(all.length / perPage); n++) {
        const rows = await repo.findPage(none, (n - 1) * perPage, perPage, all.length, 0);
        expect(rows.map((r) => r.id)).toEqual(all.slice((n - 1) * perPage, n * perPage).map((r) => r.id));
      }
    }
  });

  it('answers an empty page past the end', async () => {
    const { status, body } = await page('page=99');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.last_page).toBe(6);
  });

  it.each([
    'page=0',
    'page=abc',
    'page=-1',
    'page=1.5',
    'per_page=0',
    'per_page=101',
    'per_page=',
    `project=${'x'.repeat(201)}`,
  ])('rejects %s with 422 naming the field', async (query) => {
    const { status, body } = await page(query);
    expect(status).toBe(422);
    const field = query.split('=')[0]!;
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('accepts odd text without failing', async () => {
    for (const q of ["project=';DROP TABLE projects;--", 'project=%F0%9F%98%80', 'status=%5C']) {
      const { status } = await page(q);
      expect(status, q).toBe(200);
    }
    // Text that cannot be stored is a 422 on its field (docs/api.md), not a 200 or a 500.
    expect((await page('location=%00')).status).toBe(422);
  });

  // Unfiltered or by status, the total and the status options are the kept counts (migration
  // 0029; docs/decisions/123): after a change of the list nothing counts or reads every project.
  it('totals the list and lists its statuses from the kept counts, right after each change', async () => {
    const q = (sql: string, params: unknown[] = []) => t.database.query(sql, params);
    await q(
      `INSERT INTO projects (rn_number, project_name, developer, status, basement, storey, building_height, location, region, state)
       VALUES (5001, 'Kept Count Tower', 'Developer', 'Suspended', 0, 9, 30, 'Kamayut', 'Yangon', 'Yangon')`,
    );
    await q(`UPDATE projects SET status = 'Active' WHERE rn_number = 1001`);
    await q(`UPDATE projects SET retired_at = now() WHERE rn_number IN (1002, 1003)`);
    await q(`UPDATE projects SET project_name = project_name || ' renamed' WHERE rn_number = 1004`);
    await q(`DELETE FROM projects WHERE rn_number = 1005`);
    // Written here rather than through the portal: tell the kept answers, as a write in this process does.
    contentChanged(t.database, 'projects');
    const counted = async (status?: string) =>
      Number(
        (
          await q(
            `SELECT count(*) AS n FROM projects WHERE retired_at IS NULL${status ? ' AND status = $1' : ''}`,
            status ? [status] : [],
          )
        )[0]!.n as number | string,
      );
    const statuses = (await q(`SELECT DISTINCT status FROM projects WHERE retired_at IS NULL ORDER BY status`)).map(
      (r) => r.status as string,
    );
    const { result, sql } = await queriesOf(t.database, async () => ({
      all: await page('page=1'),
      active: await page('status=Active'),
      suspended: await page('status=Suspended'),
    }));
    expect(result.all.body.meta.total).toBe(await counted());
    expect(result.all.body.meta.statuses).toEqual(statuses);
    expect(statuses).toContain('Suspended');
    expect(result.active.body.meta.total).toBe(await counted('Active'));
    expect(result.suspended.body.meta.total).toBe(1);
    const readAll = sql.filter((s) => /"projects"/.test(s) && /\bcount\(|\bdistinct\b/i.test(s));
    expect(readAll).toEqual([]);
  });
});
