import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/seed/rows';

/**
 * The tables whose rows migration 0027's triggers count (by status for registrations), the
 * public projects by status (0029), and `registration_milestones` and `inspection_changes`,
 * the changes of the milestones (0028) and of the inspections (0029) counted: sums that only
 * grow, so the admin dashboard's months and inspections are the same while they are.
 */
export type CountedTable =
  'projects' | 'registrations' | 'audit_log' | 'inspections' | 'registration_milestones' | 'inspection_changes';

/** Past this many difference rows for one name, a read folds them into one per key. */
const FOLD_AFTER = 64;

/**
 * How many rows a table has, per key, without counting the table (issue 31; docs/decisions/109):
 * the sum of the differences its triggers appended (migration 0027). Exact, as each difference
 * commits with its change; a paged list's `meta.total` is exact (docs/api.md, "Paging").
 */
export async function rowCounts(db: Db, name: CountedTable): Promise<Map<string, number>> {
  const rows = rowsOf<{ key: string; n: number | string; parts: number | string }>(
    await db.execute(sql`SELECT key, sum(n) AS n, count(*) AS parts FROM row_counts WHERE name = ${name} GROUP BY key`),
  );
  if (rows.reduce((parts, r) => parts + Number(r.parts), 0) > FOLD_AFTER) await fold(db, name);
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** One key's count, or the sum over all keys but `except`'s. */
export async function rowCount(db: Db, name: CountedTable, keys?: { only?: string[]; except?: string[] }) {
  let total = 0;
  for (const [key, n] of await rowCounts(db, name)) {
    if (keys?.only && !keys.only.includes(key)) continue;
    if (keys?.except?.includes(key)) continue;
    total += n;
  }
  return total;
}

/**
 * Replaces a name's difference rows by one per key, in one statement: the rows it deletes are
 * those its insert sums, and a difference committed meanwhile is not among them, so it stays.
 */
async function fold(db: Db, name: CountedTable): Promise<void> {
  await db.execute(sql`
    WITH gone AS (DELETE FROM row_counts WHERE name = ${name} RETURNING key, n)
    INSERT INTO row_counts (name, key, n) SELECT ${name}, key, sum(n) FROM gone GROUP BY key`);
}
