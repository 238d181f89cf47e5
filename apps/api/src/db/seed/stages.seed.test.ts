import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRegistrationSummary } from '@hpbc/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { demoToken } from '../../../test/accounts';
import { seedIfEmpty } from './index';

let t: TestApp;
const NOW = new Date();

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty({ database: t.database, dataDir: t.config.dataDir, now: NOW });
}, 180_000);
afterAll(() => t.close());

const signIn = (email: string) => demoToken(t.app, email);

describe('the construction stages demo (issue 30)', () => {
  it('gives the EIET demo account approved projects in different stages, one to schedule from its notice', async () => {
    const token = await signIn('eiet@hpbc.test');
    const auth = { authorization: `Bearer ${token}` };
    const rows = (await t.app.inject({ url: '/api/company/registrations', headers: auth })).json()
      .data as CompanyRegistrationSummary[];
    const staged = rows.filter((r) => r.stage_notices.length > 0);
    expect(staged.map((r) => r.stage_notices.at(-1)!.stage).sort()).toEqual(['commencement', 'foundation', 'services']);
    expect(staged.every((r) => r.status === 'Approved')).toBe(true);
    const foundation = staged.find((r) => r.stage_notices.at(-1)!.stage === 'foundation')!;
    expect(foundation.inspections.map((i) => i.outcome)).toEqual(['failed', 'passed']);

    const bell = (await t.app.inject({ url: '/api/notices', headers: auth })).json().data as {
      kind: string;
      link: string;
    }[];
    const links = bell.filter((n) => n.kind === 'construction_stage').map((n) => n.link);
    expect(links).toHaveLength(2);
    expect(
      links.every((l) => /^\/user\/company\/inspections\?schedule=\d+&stage=(commencement|services)$/.test(l)),
    ).toBe(true);
  });

  it('the owner sees the stages on the registration; the public page shows stage and inspections without remarks', async () => {
    const token = await signIn('project@hpbc.test');
    const auth = { authorization: `Bearer ${token}` };
    const mine = (await t.app.inject({ url: '/api/registrations', headers: auth })).json().data as {
      id: number;
      status: string;
    }[];
    const details = await Promise.all(
      mine
        .filter((r) => r.status === 'Approved')
        .map(async (r) => (await t.app.inject({ url: `/api/registrations/${r.id}`, headers: auth })).json().data),
    );
    const foundation = details.find((d) => d.stage_notices.at(-1)?.stage === 'foundation')!;
    expect(foundation.stage_notices.map((s: { stage: string }) => s.stage)).toEqual(['commencement', 'foundation']);

    const res = await t.app.inject({ url: `/api/project-list/${foundation.project_id}` });
    const construction = res.json().data.construction;
    expect(construction.reference).toBe(foundation.reference_number);
    expect(construction.current_stage).toBe('foundation');
    expect(construction.inspections.map((i: { outcome: string }) => i.outcome)).toEqual(['failed', 'passed']);
    expect(res.body).not.toContain('pile caps');
    expect(res.body).not.toContain('Bored piles');
  });
});
