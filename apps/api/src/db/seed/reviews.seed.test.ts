import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween, type ReviewListItem } from '@hpbc/shared/counterpart-review';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { demoToken } from '../../../test/accounts';
import { seedIfEmpty } from './index';

let t: TestApp;
const NOW = new Date();

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty({ database: t.database, dataDir: t.config.dataDir, now: NOW });
});
afterAll(() => t.close());

const signIn = (email: string) => demoToken(t.app, email);

describe('the demo review data', () => {
  it('gives the demo counterpart real work at every stage, and keeps the public list at 300 projects', async () => {
    const token = await signIn('national@hpbc.test');
    const res = await t.app.inject({ url: '/api/reviews', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as ReviewListItem[];
    const states = items.map((i) => i.state);
    expect(states.filter((s) => s === 'awaiting')).toHaveLength(2);
    expect(states).toContain('changes_requested');
    expect(states.filter((s) => s === 'countersigned')).toHaveLength(2);
    expect(items.some((i) => i.state === 'awaiting' && daysBetween(i.waiting_since, NOW) > 14)).toBe(true);
    expect(items.map((i) => i.registration.status)).toContain('Approved');

    // The resubmitted one shows what changed and a countersignature no longer current.
    const resubmitted = items.find((i) => i.registration.project_name === 'Yadanar Residences')!;
    const detail = (
      await t.app.inject({
        url: `/api/reviews/${resubmitted.registration.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data;
    expect(detail.round).toBe(2);
    // Round 2 replaced sheet A-101 too (the design documents' demo, issue 25).
    expect(detail.changes.map((c: { field: string }) => c.field)).toEqual([
      'project_area',
      'ground_floors_1',
      'document:architect:A-101',
    ]);
    expect(detail.countersignatures[0].current).toBe(false);

    const approved = items.find((i) => i.registration.status === 'Approved')!;
    const projects = (await t.app.inject({ url: '/api/project-list' })).json().data as {
      id: number;
      project_name: string;
    }[];
    expect(projects).toHaveLength(300);
    expect(projects[0]!.project_name).toBe(approved.registration.project_name);
  });
});
