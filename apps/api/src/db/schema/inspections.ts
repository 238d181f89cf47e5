import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId, stamp } from './columns';
import { eietCompanies } from './companies';
import { registrations } from './registrations';
import { users } from './users';

/** An EIET company's inspection of a registered project: scheduled, cancelled, or done with its result. */
export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    eietCompanyId: integer('eiet_company_id')
      .notNull()
      .references(() => eietCompanies.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').notNull().default('scheduled'),
    outcome: text('outcome'),
    remarks: text('remarks'),
    notes: text('notes'),
    /** Why it was last rescheduled or cancelled. */
    reason: text('reason'),
    /** iCalendar SEQUENCE: counts reschedules and the cancellation (migration 0016). */
    sequence: integer('sequence').notNull().default(0),
    /** The report PDF's key in the uploads store, with its checked name, size and checksum. */
    reportPath: text('report_path'),
    reportName: text('report_name'),
    reportSize: integer('report_size'),
    reportSha256: text('report_sha256'),
    /** The recorded checklist (issue 30; migration 0023): RecordedChecklistItem[] of @hpbc/shared. */
    checklist: jsonb('checklist'),
    checklistUpdatedAt: timestamp('checklist_updated_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('inspections_registration_idx').on(t.registrationId, t.scheduledFor),
    index('inspections_company_idx').on(t.eietCompanyId, t.status, t.scheduledFor),
  ],
);
