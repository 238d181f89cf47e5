import { date, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { parentId, stamp } from './columns';
import { registrations } from './registrations';
import { users } from './users';

/**
 * A construction stage the owner of an approved registration reported (issue 30; migration
 * 0022, decision 094): once per stage, so the pair is unique and a racing second report loses.
 */
export const stageNotices = pgTable(
  'stage_notices',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    stage: text('stage').notNull(),
    /** The day the stage began (or begins), a calendar date in Myanmar. */
    stageDate: date('stage_date', { mode: 'string' }).notNull(),
    note: text('note'),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
  },
  (t) => [unique('stage_notices_registration_stage_key').on(t.registrationId, t.stage)],
);
