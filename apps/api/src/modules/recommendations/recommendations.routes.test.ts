import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisciplineTree } from '@hpbc/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertRecommendations, RECOMMENDATIONS } from '../../db/seed/recommendations.seed';
import { disciplines } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await insertRecommendations(t.database.db);
});
afterAll(() => t.close());

const names = RECOMMENDATIONS.map((d) => d.name);

describe('GET /api/v1/recommendations/disciplines', () => {
  it('lists the disciplines as {data: {data: [{id, name, name_my?}]}}, sorted by id', async () => {
    const res = await t.app.inject({ url: '/api/v1/recommendations/disciplines' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json().data.data as { id: number; name: string }[];
    expect(list.map((d) => d.name)).toEqual(names);
    expect(list.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The demo names every discipline in Burmese too (decision 106: an added, optional field).
    for (const d of list) expect(Object.keys(d).sort()).toEqual(['id', 'name', 'name_my']);
    expect(list[0]).toEqual({ id: 1, name: 'Geotechnical', name_my: 'ဘူမိနည်းပညာ' });
  });

  it('answers 304 when the client already has the list', async () => {
    const first = await t.app.inject({ url: '/api/v1/recommendations/disciplines' });
    const again = await t.app.inject({
      url: '/api/v1/recommendations/disciplines',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/v1/recommendations/hierarchy', () => {
  const tree = async (query = '') => {
    const res = await t.app.inject({ url: `/api/v1/recommendations/hierarchy${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.data as DisciplineTree[];
  };

  it('gives every discipline with its whole tree in the stored order', async () => {
    const all = await tree();
    expect(all.map((d) => d.name)).toEqual(names);
    const geo = all[0]!;
    const seed = RECOMMENDATIONS[0]!;
    expect(geo.sub_disciplines.map((s) => s.name)).toEqual(seed.subDisciplines.map((s) => s.name));
    const title = geo.sub_disciplines[1]!.titles[1]!;
    expect(title.name).toBe('Pile Load Test');
    const item = title.sub_titles[0]!.items[0]!;
    expect(Object.keys(item).sort()).toEqual(['content', 'content_my', 'id', 'name', 'name_my']);
    expect(item.name).toBe('Preliminary test piles');
    expect(item.content).toMatch(/2\.5 times the working load/);
    expect(item.name_my).toBe('ကြိုတင် စမ်းသပ်ပိုင်များ');
    expect(item.content_my).toMatch(/လုပ်ငန်းသုံးဝန်၏ ၂\.၅ ဆအထိ/);
    // A text the demo has only in English carries no Burmese field at all.
    const design = geo.sub_disciplines[1]!.titles[0]!;
    expect(design.name).toBe('Pile Design');
    expect(Object.keys(design).sort()).toEqual(['id', 'name', 'sub_titles']);
    // Items without further text carry content: null, not a missing key.
    const plain = all
      .flatMap((d) => d.sub_disciplines)
      .flatMap((s) => s.titles)
      .flatMap((x) => x.sub_titles)
      .flatMap((x) => x.items)
      .find((i) => i.content === null);
    expect(plain).toBeDefined();
  });

  it('gives one discipline for discipline_id', async () => {
    const one = await tree('?discipline_id=3');
    expect(one).toHaveLength(1);
    expect(one[0]!.id).toBe(3);
    expect(one[0]!.name).toBe('Structural');
    expect(one[0]!.sub_disciplines.map((s) => s.name)).toEqual([
      'Design Loads',
      'Superstructure Design',
      'Foundation Design',
    ]);
    expect(one).toEqual((await tree()).filter((d) => d.id === 3));
  });

  it('treats an empty discipline_id as none', async () => {
    expect(await tree('?discipline_id=')).toHaveLength(7);
  });

  it('gives an empty list for an unknown discipline', async () => {
    expect(await tree('?discipline_id=999')).toEqual([]);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x10', '1234567890', '%20'])(
    'answers 422 naming discipline_id for %s, never a 500',
    async (value) => {
      const res = await t.app.inject({ url: `/api/v1/recommendations/hierarchy?discipline_id=${value}` });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body).toEqual({
        message: 'The discipline must be a whole number.',
        errors: { discipline_id: ['The discipline must be a whole number.'] },
      });
    },
  );

  it('answers 422 to a repeated discipline_id, in Burmese when asked', async () => {
    const res = await t.app.inject({ url: '/api/v1/recommendations/hierarchy?discipline_id=1&discipline_id=2' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discipline_id).toEqual(['The discipline must be a whole number.']);
    const my = await t.app.inject({
      url: '/api/v1/recommendations/hierarchy?discipline_id=x',
      headers: { 'accept-language': 'my' },
    });
    expect(my.json().message).toBe('ဘာသာရပ် သည် ကိန်းပြည့် ဖြစ်ရပါမည်။');
  });
});

describe('after seeding', () => {
  it('gives a discipline added later the next id', async () => {
    const [row] = await t.database.db.insert(disciplines).values({ name: 'Landscape' }).returning();
    expect(row!.id).toBe(8);
  });
});
