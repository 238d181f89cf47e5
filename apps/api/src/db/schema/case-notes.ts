import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { registrations } from './registrations';
import { parentId } from './columns';

/** The committee's own notes on a registration (migration 0015): never shown to the submitter or counterparts. */
export const registrationCaseNotes = pgTable(
  'registration_case_notes',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied, so a note stays readable whatever later happens to the account. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('registration_case_notes_registration_idx').on(t.registrationId, t.createdAt)],
);
