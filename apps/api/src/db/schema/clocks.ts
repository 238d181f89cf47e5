import { bigint, date, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { registrations } from './registrations';
import { users } from './users';
import { parentId, stamp } from './columns';

/** The committee's holiday calendar (migration 0014 seeds Myanmar's public holidays 2025–2027). */
export const holidays = pgTable('holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  nameEn: text('name_en').notNull(),
  nameMy: text('name_my').notNull(),
  updatedAt: stamp('updated_at'),
});

/** The administrator's target in working days per waiting step. */
export const clockTargets = pgTable('clock_targets', {
  step: text('step').primaryKey(),
  workingDays: integer('working_days').notNull(),
  remindDaysBefore: integer('remind_days_before').notNull().default(2),
  updatedAt: stamp('updated_at'),
});

/** An extension of one step of one registration: asked for with a reason, granted or refused by the committee. */
export const clockExtensions = pgTable('clock_extensions', {
  id: serial('id').primaryKey(),
  registrationId: parentId('registration_id', () => registrations.id),
  step: text('step').notNull(),
  workingDays: integer('working_days').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('requested'),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
});

/** Each reminder or escalation, made once (unique key) and sent under a lease (decision 003). */
export const clockReminders = pgTable(
  'clock_reminders',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    step: text('step').notNull(),
    kind: text('kind').notNull(),
    runKey: text('run_key').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('clock_reminders_once').on(t.registrationId, t.step, t.kind, t.runKey)],
);

/** The public decision log, a hash chain (docs/api.md, "Transparency"); append-only. */
export const decisionLog = pgTable('decision_log', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  reference: text('reference').notNull(),
  action: text('action').notNull(),
  contentSha256: text('content_sha256').notNull(),
  prevHash: text('prev_hash').notNull().unique(),
  hash: text('hash').notNull().unique(),
});
