import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users';
import { registrations } from './registrations';
import { instant, parentId } from './columns';

/**
 * A design change during construction (issue 30; migration 0024): the owner's description,
 * its kind, and how it ended. Its revised sheets are the `registration_documents` rows that
 * name it (`change_report_id`).
 */
export const changeReports = pgTable(
  'change_reports',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('open'),
    description: text('description').notNull(),
    /** The disciplines that acknowledge (minor) or countersign (major) it, fixed when filed. */
    disciplines: jsonb('disciplines').$type<string[]>().notNull().default([]),
    /** The content hash the registration has with these revisions; kept at the decision. */
    contentSha256: text('content_sha256').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
  },
  (t) => [index('change_reports_registration_idx').on(t.registrationId)],
);

/** A counterpart's acknowledgement (minor) or countersignature (major), one per discipline. */
export const changeReportSignoffs = pgTable(
  'change_report_signoffs',
  {
    changeReportId: parentId('change_report_id', () => changeReports.id),
    discipline: text('discipline').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    license: text('license').notNull().default(''),
    contentSha256: text('content_sha256').notNull(),
    signedAt: instant('signed_at').notNull(),
  },
  (t) => [primaryKey({ name: 'change_report_signoffs_pk', columns: [t.changeReportId, t.discipline] })],
);

export const changeReportComments = pgTable(
  'change_report_comments',
  {
    id: serial('id').primaryKey(),
    changeReportId: parentId('change_report_id', () => changeReports.id),
    discipline: text('discipline').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('change_report_comments_report_idx').on(t.changeReportId)],
);

/**
 * The designer's presentation to the committee (issue 30; migration 0024): scheduled for a
 * submitted registration, with a place or a meeting link; the owner and the named counterparts
 * are invited with a calendar invitation whose SEQUENCE counts the changes.
 */
export const presentations = pgTable(
  'presentations',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    startsAt: instant('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    place: text('place'),
    meetingUrl: text('meeting_url'),
    sequence: integer('sequence').notNull().default(0),
    minutes: text('minutes'),
    minutesAt: instant('minutes_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('presentations_registration_idx').on(t.registrationId)],
);

/** An invitee's answer (accepted or declined), one per address. */
export const presentationAnswers = pgTable(
  'presentation_answers',
  {
    presentationId: parentId('presentation_id', () => presentations.id),
    email: text('email').notNull(),
    answer: text('answer').notNull(),
    answeredAt: instant('answered_at').notNull(),
  },
  (t) => [primaryKey({ name: 'presentation_answers_pk', columns: [t.presentationId, t.email] })],
);
