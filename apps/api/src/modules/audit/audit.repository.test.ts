import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/build-test-app';
import { queriesOf } from '../../../test/query-count';
import { auditRepository } from './audit.repository';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // 130 entries: several written in the same millisecond (times a microsecond apart, which a
  // JavaScript Date cannot tell apart) and several at exactly the same instant (the id
  // decides), across the batches' edges.
  await database.query(
    `INSERT INTO audit_log (actor_name, actor_email, action, record_type, record_id, created_at)
     SELECT 'Keyset', 'keyset@hpbc.test', 'update', CASE WHEN g % 2 = 0 THEN 'project' ELSE 'user' END, g::text,
            timestamptz '2026-11-01 10:00:00.123000+00' + (g / 3) * interval '1 microsecond'
       FROM generate_series(1, 130) g`,
  );
});
afterAll(async () => {
  await drop();
});

/** The entries as the log's own order gives them. */
async function ordered(where = ''): Promise<number[]> {
  const rows = await database.query<{ id: number | string }>(
    `SELECT id FROM audit_log ${where} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => Number(r.id));
}

describe('the audit log read whole for its CSV (docs/decisions/123)', () => {
  it('gives every entry once, newest first, across batches that split equal and same-millisecond times', async () => {
    const repo = auditRepository(database.db);
    const { result, sql } = await queriesOf(database, async () => {
      const ids: number[] = [];
      for await (const e of repo.each({}, 7)) ids.push(e.id);
      return ids;
    });
    expect(result).toEqual(await ordered());
    const filtered: number[] = [];
    for await (const e of repo.each({ recordType: 'project' }, 7)) filtered.push(e.id);
    expect(filtered).toEqual(await ordered("WHERE record_type = 'project'"));
    // Each batch starts after the last one's entry rather than skipping the entries before it:
    // an OFFSET read a million entries again for every batch of the export.
    expect(sql.length).toBeGreaterThan(10);
    expect(sql.filter((s) => /\boffset\b/i.test(s))).toEqual([]);
  });
});
