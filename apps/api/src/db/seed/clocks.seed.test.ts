import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { transparencyService } from '../../modules/transparency/transparency.service';
import { clocksService } from '../../modules/clocks/clocks.service';
import type { ModuleDeps } from '../../module-deps';
import { seedDemoAccounts } from './accounts.seed';
import { generateEietCompanies, generatePileCompanies, insertCompanies } from './companies.seed';
import { generateProjects, insertProjects } from './projects.seed';
import { createRng, DEMO_SEED } from './random';
import { seedDemoReviews } from './reviews.seed';
import { seedClocksDemo } from './clocks.seed';

const NOW = new Date('2026-11-25T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  const ctx = { database: t.database, dataDir: t.config.dataDir, now: NOW };
  await t.database.db.transaction(async (tx) => {
    const db = tx as never;
    await insertProjects(db, generateProjects(20, createRng(DEMO_SEED)));
    await insertCompanies(db, {
      eiet: generateEietCompanies(NOW, createRng(DEMO_SEED + 1)),
      pile: generatePileCompanies(NOW, createRng(DEMO_SEED + 2)),
    });
    await seedDemoAccounts(ctx, db);
    await seedDemoReviews(ctx, db);
    await seedClocksDemo(ctx, db);
  });
});
afterAll(() => t.close());

describe('the clocks demo data', () => {
  const deps = () => ({ database: t.database, now: () => t.clock.now }) as unknown as ModuleDeps;

  it('gives the statistics a year of figures, not all in the last month, and a chain that checks out', async () => {
    const service = transparencyService(deps());
    const s = await service.statistics();
    const active = s.per_month.filter((m) => m.submitted + m.approved > 0);
    expect(active.length).toBeGreaterThanOrEqual(9);
    expect(s.per_month.reduce((n, m) => n + m.inspections, 0)).toBeGreaterThan(5);
    expect(s.median_working_days.to_decision).toBeGreaterThan(0);
    const check = await service.verify();
    expect(check.ok).toBe(true);
    expect(check.count).toBeGreaterThan(30);
  });

  it('has steps overdue and on time, and an extension of each kind', async () => {
    const clocks = await clocksService(deps()).compute();
    expect(clocks.some((c) => c.clock.overdue)).toBe(true);
    expect(clocks.some((c) => !c.clock.overdue && !c.clock.paused)).toBe(true);
    const extensions = clocks.flatMap((c) => c.extensions.map((e) => e.status));
    expect(extensions).toEqual(expect.arrayContaining(['requested', 'granted']));
  });
});
