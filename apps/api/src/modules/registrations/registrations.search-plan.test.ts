/**
 * The committee's search reads its trigram indexes (migration 0027), not a long list of entries
 * GIN has not merged into them yet (issue 31; docs/decisions/123): every search read such a
 * pending list whole, up to 4 MB by default, twice per page (the count and the rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app';
import { createUser } from '../../../test/accounts';
import type { Database } from '../../db/client';
import { registrationsRepository } from './registrations.repository';

let database: Database;
let drop: () => Promise<void>;

const TRIGRAM_INDEXES = [
  'registrations_reference_trgm_idx',
  'registrations_project_name_trgm_idx',
  'users_name_trgm_idx',
  'users_email_trgm_idx',
];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const users = await Promise.all([
    createUser(database),
    createUser(database, { name: 'Daw Khin Plan Owner' }),
    createUser(database, { email: 'plan-owner-mail@hpbc.test' }),
  ]);
  await database.query(
    `INSERT INTO registrations (user_id, reference_number, status, current_step, data, submitted_at)
     SELECT ($1::int[])[1 + g % 3], 'HPBC-P-' || g,
            (ARRAY['Submitted', 'Under Review', 'Returned for changes', 'Approved', 'Rejected'])[1 + g % 5], 8,
            jsonb_build_object('project_name', 'Plan tower ' || g), now() - g * interval '1 hour'
       FROM generate_series(1, 20000) g`,
    [users.map((u) => u.id)],
  );
}, 120_000);
afterAll(() => drop());

describe("the committee's search among 20,000 registrations", () => {
  it('keeps at most 64 kB of each trigram index pending', async () => {
    const rows = await database.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname = ANY($1::text[]) ORDER BY relname`,
      [TRIGRAM_INDEXES],
    );
    expect(rows.map((r) => r.relname)).toEqual([...TRIGRAM_INDEXES].sort());
    for (const r of rows) expect(r.reloptions, r.relname).toContain('gin_pending_list_limit=64');
    if (database.kind === 'postgres') {
      // What is pending after 20,000 registrations written in one statement: a few pages, not
      // the hundreds every search read before (pgstattuple ships with PostgreSQL).
      await database.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
      const [pending] = await database.query<{ pages: number | string }>(
        `SELECT pending_pages AS pages FROM pgstatginindex('registrations_reference_trgm_idx')`,
      );
      expect(Number(pending!.pages)).toBeLessThanOrEqual(10);
    }
  });

  it('finds what it found before', async () => {
    const found = await registrationsRepository(database.db).listSubmitted({ page: 1, perPage: 25, search: '777' });
    const [expected] = await database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM registrations r JOIN users u ON u.id = r.user_id
        WHERE r.status <> 'Draft' AND (r.reference_number ILIKE '%777%' OR r.data ->> 'project_name' ILIKE '%777%'
          OR u.name ILIKE '%777%' OR u.email ILIKE '%777%')`,
    );
    expect(found.total).toBe(Number(expected!.n));
    expect(found.total).toBeGreaterThan(25);
    expect(found.rows).toHaveLength(25);
  });

  it("finds submitters by name or e-mail through the accounts' trigram indexes (migration 0030)", async () => {
    // The accounts are read by accounts_matching, which keeps the planner off a sequential read
    // of every account (each name and e-mail lowercased: 12-49 ms at a decade; decision 127).
    const [fn] = await database.query<{ config: string[] | null; rows: number | string }>(
      `SELECT proconfig AS config, prorows AS rows FROM pg_proc WHERE proname = 'accounts_matching'`,
    );
    expect(fn?.config).toContain('enable_seqscan=off');
    expect(Number(fn?.rows)).toBeLessThanOrEqual(10);
    for (const search of ['khin plan', 'PLAN-OWNER-MAIL@', 'nobody at all']) {
      const found = await registrationsRepository(database.db).listSubmitted({ page: 1, perPage: 25, search });
      const [expected] = await database.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM registrations r JOIN users u ON u.id = r.user_id
          WHERE r.status <> 'Draft' AND (r.reference_number ILIKE $1 OR r.data ->> 'project_name' ILIKE $1
            OR u.name ILIKE $1 OR u.email ILIKE $1)`,
        [`%${search}%`],
      );
      expect(found.total, search).toBe(Number(expected!.n));
      expect(found.rows, search).toHaveLength(Math.min(25, found.total));
    }
    // The page and its total come from one statement (decision 127): a later page, and one
    // past the last, give the same total.
    const repo = registrationsRepository(database.db);
    const first = await repo.listSubmitted({ page: 1, perPage: 25, search: 'khin plan' });
    expect(first.total).toBeGreaterThan(6000);
    const second = await repo.listSubmitted({ page: 2, perPage: 25, search: 'khin plan' });
    expect([second.total, second.rows.length]).toEqual([first.total, 25]);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
    const past = await repo.listSubmitted({ page: 1000, perPage: 25, search: 'khin plan' });
    expect([past.total, past.rows.length]).toEqual([first.total, 0]);
    expect(Object.keys(first.rows[0]!)).not.toContain('total');
  });
});
