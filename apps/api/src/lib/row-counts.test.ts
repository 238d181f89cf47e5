import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../../test/build-test-app';
import { rowCount, rowCounts } from './row-counts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** The counts as counted, to compare the kept ones with. */
async function counted(): Promise<Map<string, number>> {
  const rows = await database.query<{ status: string; n: number | string }>(
    'SELECT status, count(*) AS n FROM registrations GROUP BY status',
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The kept counts without the keys whose count is 0 (a status emptied keeps its row). */
async function kept(): Promise<Map<string, number>> {
  return new Map([...(await rowCounts(database.db, 'registrations'))].filter(([, n]) => n !== 0));
}

describe('row counts kept by migration 0027 (docs/decisions/109)', () => {
  it('follow inserts, status changes, other updates and deletes of registrations, across folds', async () => {
    const [user] = await database.query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, status)
       VALUES ('Counted', 'counted@hpbc.test', 'x', 'active') RETURNING id`,
    );
    expect(await kept()).toEqual(await counted());
    // Enough single changes that a read folds the differences more than once.
    for (let i = 0; i < 40; i++) {
      await database.query(`INSERT INTO registrations (user_id, status) VALUES ($1, 'Draft')`, [user!.id]);
    }
    await database.query(
      `INSERT INTO registrations (user_id, status) SELECT $1, 'Submitted' FROM generate_series(1, 7)`,
      [user!.id],
    );
    expect(await kept()).toEqual(await counted());
    const mine = await database.query<{ id: number }>('SELECT id FROM registrations WHERE user_id = $1 ORDER BY id', [
      user!.id,
    ]);
    for (const [i, r] of mine.slice(0, 30).entries()) {
      await database.query('UPDATE registrations SET status = $2 WHERE id = $1', [
        r.id,
        i % 3 === 0 ? 'Approved' : 'Under Review',
      ]);
      // Not a move: the same status, and a change of the form only.
      await database.query('UPDATE registrations SET status = status, data = $2::jsonb WHERE id = $1', [
        r.id,
        JSON.stringify({ i }),
      ]);
    }
    expect(await kept()).toEqual(await counted());
    const parts = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM row_counts WHERE name = 'registrations'",
    );
    expect(Number(parts[0]!.n)).toBeLessThanOrEqual(64 + 2 * 30);
    await database.query('DELETE FROM registrations WHERE id = ANY($1::int[])', [mine.slice(0, 10).map((r) => r.id)]);
    expect(await kept()).toEqual(await counted());
    // The account's removal takes its registrations with it (ON DELETE CASCADE).
    await database.query('DELETE FROM users WHERE id = $1', [user!.id]);
    expect(await kept()).toEqual(await counted());
    expect(await rowCount(database.db, 'registrations', { except: ['Draft'] })).toBe(
      [...(await counted())].filter(([s]) => s !== 'Draft').reduce((a, [, n]) => a + n, 0),
    );
  });

  it('count audit entries and inspections as they are added', async () => {
    const [audit] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM audit_log');
    await database.query(
      `INSERT INTO audit_log (actor_name, actor_email, action, record_type, record_id)
       SELECT 'Counted', 'counted@hpbc.test', 'update', 'project', g::text FROM generate_series(1, 3) g`,
    );
    expect(await rowCount(database.db, 'audit_log')).toBe(Number(audit!.n) + 3);
    const [inspections] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM inspections');
    expect(await rowCount(database.db, 'inspections')).toBe(Number(inspections!.n));
  });

  it('count public projects per status through inserts, moves, retirements, restorations and deletes (migration 0029)', async () => {
    const counted = async () =>
      new Map(
        (
          await database.query<{ status: string; n: number | string }>(
            'SELECT status, count(*) AS n FROM projects WHERE retired_at IS NULL GROUP BY status',
          )
        ).map((r) => [r.status, Number(r.n)]),
      );
    const kept = async () => new Map([...(await rowCounts(database.db, 'projects'))].filter(([, n]) => n !== 0));
    await database.query(
      `INSERT INTO projects (rn_number, project_name, developer, status, basement, storey, building_height, location, region, state)
       SELECT 700000 + g, 'Counted ' || g, 'D', (ARRAY['Active', 'Completed', 'On Hold'])[1 + g % 3], 0, 9, 30, 'L', 'R', 'S'
         FROM generate_series(1, 90) g`,
    );
    expect(await kept()).toEqual(await counted());
    // Enough single changes that a read folds the differences more than once.
    for (let g = 1; g <= 40; g++) {
      await database.query('UPDATE projects SET status = $2 WHERE rn_number = $1', [700000 + g, 'Cancelled']);
      if (g % 4 === 0)
        await database.query('UPDATE projects SET retired_at = now() WHERE rn_number = $1', [700000 + g]);
      if (g % 8 === 0) await database.query('UPDATE projects SET retired_at = NULL WHERE rn_number = $1', [700000 + g]);
      // A retired project's status (a move only for one restored just before), and a public one's name (never a move).
      if (g % 4 === 0)
        await database.query('UPDATE projects SET status = $2 WHERE rn_number = $1', [700000 + g, 'Active']);
      await database.query(`UPDATE projects SET project_name = 'Renamed' WHERE rn_number = $1`, [
        700000 + 50 + (g % 30),
      ]);
    }
    expect(await kept()).toEqual(await counted());
    await database.query('UPDATE projects SET status = $1 WHERE rn_number > 700060', ['Completed']);
    await database.query('DELETE FROM projects WHERE rn_number BETWEEN 700001 AND 700012');
    expect(await kept()).toEqual(await counted());
    expect(await rowCount(database.db, 'projects', { only: ['Cancelled'] })).toBe((await counted()).get('Cancelled'));
  });

  it('count every change of an inspection, a sum that only grows (migration 0029)', async () => {
    const changes = () => rowCount(database.db, 'inspection_changes');
    const [user] = await database.query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, status) VALUES ('Inspected', 'inspected@hpbc.test', 'x', 'active') RETURNING id`,
    );
    const [reg] = await database.query<{ id: number }>(
      `INSERT INTO registrations (user_id, status) VALUES ($1, 'Approved') RETURNING id`,
      [user!.id],
    );
    const [company] = await database.query<{ id: number }>(
      `INSERT INTO eiet_companies (eiet_name, ceo_name, office_address, email_address, phone_number, issue_certificate_date, certificate_expire_date)
       VALUES ('Counted Team', 'c', 'a', 'c@t.test', '1', '2020-01-01', '2030-01-01') RETURNING id`,
    );
    const seen = [await changes()];
    await database.query(
      `INSERT INTO inspections (registration_id, eiet_company_id, kind, scheduled_for, status)
       SELECT $1, $2, 'foundation', now(), 'scheduled' FROM generate_series(1, 2)`,
      [reg!.id, company!.id],
    );
    seen.push(await changes());
    await database.query(`UPDATE inspections SET status = 'done', outcome = 'passed' WHERE registration_id = $1`, [
      reg!.id,
    ]);
    seen.push(await changes());
    // An update that changes no row is no change.
    await database.query(`UPDATE inspections SET outcome = 'failed' WHERE registration_id = -1`);
    seen.push(await changes());
    await database.query(`DELETE FROM inspections WHERE registration_id = $1`, [reg!.id]);
    seen.push(await changes());
    expect(seen.map((n) => n - seen[0]!)).toEqual([0, 2, 4, 4, 6]);
  });
});
