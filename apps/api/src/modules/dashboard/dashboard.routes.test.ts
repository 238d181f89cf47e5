import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, uniqueIp, type TestUser } from '../../../test/accounts';
import { queriesOf } from '../../../test/query-count';

let t: TestApp;
let admin: TestUser;
let lateId: number;

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
const ymd = (d: Date) => new Date(d.getTime() + 6.5 * 3600 * 1000).toISOString().slice(0, 10);
const month = (d: Date) => ymd(d).slice(0, 7);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.database, { admin: true });
  const owner = await createUser(t.database, { roles: ['project'] });
  // Three registrations: one waiting, one approved after 4 days, one rejected after 10 days.
  const q = (sql: string, params: unknown[]) => t.database.query(sql, params);
  const plan: [string, [string, number][]][] = [
    ['Submitted', [['Submitted', 2]]],
    [
      'Approved',
      [
        ['Submitted', 8],
        ['Approved', 4],
      ],
    ],
    [
      'Rejected',
      [
        ['Submitted', 12],
        ['Rejected', 2],
      ],
    ],
  ];
  for (const [status, history] of plan) {
    const [row] = await q(`INSERT INTO registrations (user_id, status) VALUES ($1, $2) RETURNING id`, [
      owner.id,
      status,
    ]);
    for (const [s, ago] of history) {
      await q(`INSERT INTO registration_status_history (registration_id, status, created_at) VALUES ($1, $2, $3)`, [
        (row as { id: number }).id,
        s,
        daysAgo(ago),
      ]);
    }
  }
  // Waiting 20 days, naming an architect who has not countersigned: overdue at the counterpart.
  const [late] = await q(`INSERT INTO registrations (user_id, status) VALUES ($1, 'Under Review') RETURNING id`, [
    owner.id,
  ]);
  lateId = (late as { id: number }).id;
  await q(
    `INSERT INTO registration_status_history (registration_id, status, created_at) VALUES ($1, 'Submitted', $2)`,
    [lateId, daysAgo(20)],
  );
  await q(
    `INSERT INTO registration_counterparts (registration_id, discipline, email) VALUES ($1, 'architect', 'a@b.test')`,
    [lateId],
  );
  const contact = `'x@y.test', '1'`;
  await q(
    `INSERT INTO eiet_companies (eiet_name, ceo_name, office_address, email_address, phone_number, issue_certificate_date, certificate_expire_date)
     VALUES ('Soon', 'c', 'a', ${contact}, '2020-01-01', $1), ('Later', 'c', 'a', ${contact}, '2020-01-01', $2)`,
    [ymd(daysAgo(-20)), ymd(daysAgo(-60))],
  );
  // Three inspections with a result three days ago (two passed, one failed) and one still scheduled.
  const [company] = await q(`SELECT id FROM eiet_companies WHERE eiet_name = 'Soon'`, []);
  for (const [status, outcome] of [
    ['done', 'passed'],
    ['done', 'passed'],
    ['done', 'failed'],
    ['scheduled', null],
  ] as const) {
    await q(
      `INSERT INTO inspections (registration_id, eiet_company_id, kind, scheduled_for, status, outcome) VALUES ($1, $2, 'foundation', $3, $4, $5)`,
      [lateId, (company as { id: number }).id, daysAgo(3), status, outcome],
    );
  }
  await q(
    `INSERT INTO pile_companies (company_name, item, address, email_address, phone_number, issue_certificate_date, certificate_expire_date, retired_at)
     VALUES ('P1', 'i', 'a', ${contact}, '2020-01-01', $1, NULL), ('P2', 'i', 'a', ${contact}, '2020-01-01', $1, now())`,
    [ymd(daysAgo(-60))],
  );
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard', () => {
  it('refuses guests (401) and non-admins (403)', async () => {
    expect((await t.app.inject({ url: '/api/admin/dashboard', remoteAddress: uniqueIp() })).statusCode).toBe(401);
    const member = await createUser(t.database, { roles: ['eiet'] });
    const res = await t.app.inject({
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${member.token}` },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('counts what needs attention and the months of work', async () => {
    const res = await t.app.inject({
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${admin.token}` },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.attention).toEqual({
      registrations_awaiting_decision: 2,
      overdue_at_counterpart: 1,
      new_service_requests: 0,
      eiet_certificates_expiring: 1,
      pile_certificates_expiring: 1,
      failed_mail: 0,
    });
    expect(data.months.length).toBeGreaterThanOrEqual(12);
    const total = (k: 'submitted' | 'decided') =>
      data.months.reduce((s: number, m: Record<string, number>) => s + (m[k] ?? 0), 0);
    expect(total('submitted')).toBe(4);
    expect(total('decided')).toBe(2);
    // When both decisions fall in this month, their median is (4 + 10) / 2 days.
    const now = data.months.find((m: { month: string }) => m.month === month(new Date()));
    if (now?.decided === 2) expect(now.median_days).toBe(7);
    expect(data.inspections).toEqual([{ month: month(daysAgo(3)), results: { passed: 2, failed: 1 } }]);
  });
});

describe("the dashboard's inspections per month, kept until an inspection changes (docs/decisions/123)", () => {
  const dashboard = async () => {
    const { result, sql } = await queriesOf(t.database, () =>
      t.app.inject({
        url: '/api/admin/dashboard',
        headers: { authorization: `Bearer ${admin.token}` },
        remoteAddress: uniqueIp(),
      }),
    );
    expect(result.statusCode).toBe(200);
    const grouped = sql.filter((s) => /FROM inspections\s+WHERE status = 'done'/.test(s));
    return { inspections: result.json().data.inspections as unknown, grouped: grouped.length };
  };
  const q = (sql: string, params: unknown[] = []) => t.database.query(sql, params);

  it('are not grouped again while no inspection changed, and follow every change', async () => {
    await dashboard();
    const again = await dashboard();
    // A year of inspections is not grouped on every request.
    expect(again.grouped).toBe(0);
    expect(again.inspections).toEqual([{ month: month(daysAgo(3)), results: { passed: 2, failed: 1 } }]);

    // A result recorded: the scheduled inspection now failed.
    await q(`UPDATE inspections SET status = 'done', outcome = 'failed' WHERE status = 'scheduled'`);
    const updated = await dashboard();
    expect(updated.grouped).toBe(1);
    expect(updated.inspections).toEqual([{ month: month(daysAgo(3)), results: { passed: 2, failed: 2 } }]);

    // One added (a month earlier), one removed.
    const [company] = await q(`SELECT eiet_company_id AS id FROM inspections LIMIT 1`);
    await q(
      `INSERT INTO inspections (registration_id, eiet_company_id, kind, scheduled_for, status, outcome)
       VALUES ($1, $2, 'foundation', $3, 'done', 'passed')`,
      [lateId, (company as { id: number }).id, daysAgo(40)],
    );
    expect((await dashboard()).inspections).toEqual([
      { month: month(daysAgo(40)), results: { passed: 1 } },
      { month: month(daysAgo(3)), results: { passed: 2, failed: 2 } },
    ]);
    await q(`DELETE FROM inspections WHERE outcome = 'failed'`);
    const removed = await dashboard();
    expect(JSON.stringify(removed.inspections)).not.toContain('failed');
  });
});
