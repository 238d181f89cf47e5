import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { STATUS } from '@hpbc/shared/registration-workflow';

/** Form One: a project registration, a draft until submitted. Field values live in `data`. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referenceNumber: text('reference_number').unique(),
    status: text('status').notNull().default(STATUS.draft),
    currentStep: integer('current_step').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('registrations_user_idx').on(t.userId, t.updatedAt)],
);

export const registrationStatusHistory = pgTable(
  'registration_status_history',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('registration_history_idx').on(t.registrationId)],
);
