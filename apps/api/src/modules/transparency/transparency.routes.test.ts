import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, requestsAs, type TestUser } from '../../../test/accounts';
import { decideRegistration, submittedRegistration } from '../../../test/workflow';
import { insertEietCompany } from '../../../test/public-records';
import type { Db } from '../../db/client';
import { inspections, registrationStatusHistory, registrations } from '../../db/schema/index';
import type { ModuleDeps } from '../../module-deps';
import { appendDecision } from './decision-log.repository';
import { transparencyService } from './transparency.service';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);

const submitted = () => submittedRegistration(t.app, owner);
const decide = (id: number, status: string) => decideRegistration(t.app, admin, id, status);

/**
 * An independent check, written from docs/api.md alone: RFC 8785 for these entries (flat
 * objects of strings and integers) is the keys sorted by UTF-16 code units and JSON.stringify's
 * escaping, with no whitespace.
 */
function independentCheck(entries: Record<string, unknown>[]): number | null {
  let prev = '0'.repeat(64);
  for (const e of entries) {
    const fields = Object.keys(e)
      .filter((k) => k !== 'hash')
      .sort();
    const json = `{${fields.map((k) => `${JSON.stringify(k)}:${JSON.stringify(e[k])}`).join(',')}}`;
    const hash = createHash('sha256').update(json, 'utf8').digest('hex');
    if (e.prev_hash !== prev || e.hash !== hash) return e.seq as number;
    prev = hash;
  }
  return null;
}

describe('GET /api/open-data/decisions.json', () => {
  it('appends every decision to a chain anyone can check, and an edit of a past entry breaks it', async () => {
    const a = await submitted();
    await decide(a, 'Under Review'); // not a decision
    await decide(a, 'Approved');
    const b = await submitted();
    await decide(b, 'Returned for changes');
    const c = await submitted();
    await decide(c, 'Rejected');

    const res = await t.app.inject({
      url: '/api/open-data/decisions.json',
      headers: { origin: 'https://example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const entries = res.json().data as Record<string, unknown>[];
    expect(entries.map((e) => e.action)).toEqual(['approval', 'return_for_changes', 'rejection']);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(Object.keys(entries[0]!).sort()).toEqual(
      ['action', 'at', 'content_sha256', 'hash', 'prev_hash', 'reference', 'seq'].sort(),
    );
    const reference = (await as(owner, { url: `/api/registrations/${a}` })).json().data.reference_number;
    expect(entries[0]).toMatchObject({ reference, prev_hash: '0'.repeat(64) });
    expect(entries[0]!.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(independentCheck(entries)).toBeNull();
    const service = transparencyService({ ...({} as ModuleDeps), database: t.database, now: () => t.clock.now });
    expect(await service.verify()).toEqual({ ok: true, count: 3 });

    // The table refuses edits; someone who disables its triggers can still make one.
    await expect(t.database.query(`UPDATE decision_log SET action = 'approval' WHERE seq = 2`)).rejects.toThrow(
      /append-only/,
    );
    await t.database.query('ALTER TABLE decision_log DISABLE TRIGGER decision_log_no_update_delete');
    await t.database.query(`UPDATE decision_log SET action = 'approval' WHERE seq = 2`);
    await t.database.query('ALTER TABLE decision_log ENABLE TRIGGER decision_log_no_update_delete');
    const edited = (await t.app.inject({ url: '/api/open-data/decisions.json' })).json().data;
    expect(independentCheck(edited)).toBe(2);
    expect(await service.verify()).toMatchObject({ ok: false, broken: { seq: 2, reason: 'hash' } });
  });

  it('appends race-safely: concurrent decisions still form one chain', async () => {
    const id = await submitted();
    const before = (await t.app.inject({ url: '/api/open-data/decisions.json' })).json().data.length as number;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          await appendDecision(tx as unknown as Db, {
            at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)),
            registrationId: id,
            action: 'countersignature',
            content: 'a'.repeat(64),
          });
        }),
      ),
    );
    const entries = (await t.app.inject({ url: '/api/open-data/decisions.json' })).json().data as Record<
      string,
      unknown
    >[];
    // The entry edited by the test above stays broken; the new ones follow on from it correctly.
    expect(entries.slice(before).map((e) => e.seq)).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
  });
});

describe('GET /api/statistics', () => {
  /** A registration with its status history written directly, as if made at those moments (Yangon). */
  async function history(steps: [string, string][]) {
    const [r] = await t.database.db
      .insert(registrations)
      .values({ userId: owner.id, status: steps.at(-1)![0], data: {}, referenceNumber: `HPBC-T-${Math.random()}` })
      .returning();
    for (const [status, at] of steps) {
      await t.database.db
        .insert(registrationStatusHistory)
        .values({ registrationId: r!.id, status, createdAt: new Date(`${at}+06:30`) });
    }
    return r!.id;
  }

  it('recomputes every figure from the records, in Myanmar working days', async () => {
    await t.database.db.execute(sql`DELETE FROM registrations`);
    t.clock.now = new Date('2026-11-25T04:00:00Z');
    // A: submitted Monday 5 October, reviewed Wednesday 7, returned Thursday 8 (3 days),
    // back on Monday 19, approved Wednesday 21 (2 days): 5 working days to its decision.
    await history([
      ['Submitted', '2026-10-05T10:00:00'],
      ['Under Review', '2026-10-07T10:00:00'],
      ['Returned for changes', '2026-10-08T10:00:00'],
      ['Submitted', '2026-10-19T10:00:00'],
      ['Approved', '2026-10-21T10:00:00'],
    ]);
    // B: submitted Monday 2 November, rejected Monday 23: 15 weekdays less Deepavali (9 November) = 14.
    await history([
      ['Submitted', '2026-11-02T10:00:00'],
      ['Rejected', '2026-11-23T10:00:00'],
    ]);
    // C: a year and a half ago, outside the 12 months.
    await history([
      ['Submitted', '2025-06-02T10:00:00'],
      ['Approved', '2025-06-10T10:00:00'],
    ]);
    const res = await t.app.inject({ url: '/api/statistics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const s = res.json().data;
    expect(s.per_month.map((m: { month: string }) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(s.per_month[10]).toEqual({ month: '2026-10', submitted: 1, approved: 1, returned: 1, inspections: 0 });
    expect(s.per_month[11]).toEqual({ month: '2026-11', submitted: 1, approved: 0, returned: 0, inspections: 0 });
    expect(s.median_working_days).toEqual({ to_first_review: 8, to_decision: 9.5 });
    expect(s.within_target_share).toBe(1);

    // A new record changes the figures at once: an inspection done, a slow decision.
    const company = await insertEietCompany(t.database, { eietName: 'Test EIET' });
    const idA = (await t.database.db.select({ id: registrations.id }).from(registrations))[0]!.id;
    await t.database.db.insert(inspections).values({
      registrationId: idA,
      eietCompanyId: company,
      kind: 'foundation',
      scheduledFor: new Date('2026-11-03T03:00:00Z'),
      status: 'done',
      outcome: 'passed',
    });
    await history([
      ['Submitted', '2026-09-01T10:00:00'],
      ['Approved', '2026-11-20T10:00:00'],
    ]);
    const again = (await t.app.inject({ url: '/api/statistics' })).json().data;
    expect(again.per_month[11]).toMatchObject({ approved: 1, inspections: 1 });
    expect(again.per_month[9]).toMatchObject({ month: '2026-09', submitted: 1 });
    expect(again.within_target_share).toBeCloseTo(2 / 3, 3);

    const csv = await t.app.inject({ url: '/api/statistics.csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('month,submitted,approved,returned,inspections\r\n');
    expect(csv.body).toContain('2026-10,1,1,1,0\r\n');
  });
});
