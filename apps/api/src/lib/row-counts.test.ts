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
});
