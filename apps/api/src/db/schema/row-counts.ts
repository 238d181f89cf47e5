import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counts kept as rows change (migration 0027's triggers; docs/decisions/109): each change
 * appends its difference per key, read and folded by lib/row-counts.ts. Names: `registrations`
 * (key: status), `audit_log` and `inspections` (key ''); and `registration_milestones` and
 * `inspection_changes` (key ''), which count those tables' changes rather than their rows
 * (migrations 0028 and 0029).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('row_counts_name_idx').on(t.name, t.key)],
);
