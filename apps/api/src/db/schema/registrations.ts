import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { projects } from './projects';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { instant, parentId, stamp, statusChangeColumns } from './columns';

/** A document as a round recorded it: the content hash's entry, its id and title. */
export interface RoundDocument {
  id: number;
  discipline: string;
  kind: string;
  number: string;
  revision: string;
  sha256: string;
  title: string;
}

/** Form One: a project registration, a draft until submitted. Field values live in `data`. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    referenceNumber: text('reference_number').unique(),
    status: text('status').notNull().default(STATUS.draft),
    currentStep: integer('current_step').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    /** Lower-case hex SHA-256 of `data` as RFC 8785 canonical JSON (set on each submission). */
    contentSha256: text('content_sha256'),
    /** The public project list entry made when the committee approved it. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('registrations_user_idx').on(t.userId, t.updatedAt)],
);

export const registrationStatusHistory = pgTable(
  'registration_status_history',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    ...statusChangeColumns(() => users.id),
  },
  (t) => [index('registration_history_idx').on(t.registrationId)],
);

/**
 * Each registration's first submission and first decision (Approved or Rejected), kept from its
 * status history by migration 0028's triggers, for the admin dashboard's months (decision 116).
 */
export const registrationMilestones = pgTable(
  'registration_milestones',
  {
    registrationId: integer('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    firstSubmittedAt: instant('first_submitted_at'),
    firstDecidedAt: instant('first_decided_at'),
  },
  (t) => [
    index('registration_milestones_submitted_idx').on(t.firstSubmittedAt),
    index('registration_milestones_decided_idx').on(t.firstDecidedAt),
  ],
);

/** Each submission is a round: the data as it was sent, so the next round can show what changed. */
export const registrationRounds = pgTable(
  'registration_rounds',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    round: integer('round').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    contentSha256: text('content_sha256').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The current documents as the content hash lists them, plus their ids (migration 0012). */
    documents: jsonb('documents').$type<RoundDocument[]>().notNull().default([]),
  },
  (t) => [unique('registration_rounds_unique').on(t.registrationId, t.round)],
);

/** The national counterparts a submitted registration names, one per discipline (e-mail lower-cased). */
export const registrationCounterparts = pgTable(
  'registration_counterparts',
  {
    registrationId: parentId('registration_id', () => registrations.id),
    discipline: text('discipline').notNull(),
    email: text('email').notNull(),
    /** When an invitation to register went to an address with no account. */
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'registration_counterparts_pk', columns: [t.registrationId, t.discipline] }),
    index('registration_counterparts_email_idx').on(t.email),
  ],
);

/** A counterpart's comment on a field (or the whole registration) in one round. */
export const registrationComments = pgTable(
  'registration_comments',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    round: integer('round').notNull(),
    discipline: text('discipline').notNull(),
    field: text('field'),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: stamp('created_at'),
    // A pin on a page of a design document (0–1 from the top left) and a cited clause (migration 0012).
    documentId: integer('document_id'),
    page: integer('page'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    clauseLibraryId: integer('clause_library_id'),
    clausePage: integer('clause_page'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('registration_comments_registration_idx').on(t.registrationId, t.createdAt)],
);

/** The latest countersignature per discipline, with the content hash it was given on. */
export const registrationCountersignatures = pgTable(
  'registration_countersignatures',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    discipline: text('discipline').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    license: text('license').notNull(),
    round: integer('round').notNull(),
    contentSha256: text('content_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('registration_countersignatures_unique').on(t.registrationId, t.discipline)],
);

/**
 * The committee's case notes on a registration (migration 0018, decision 090): for
 * administrators only, never in an answer to anyone else. Append-only.
 */
export const registrationCaseNotes = pgTable(
  'registration_case_notes',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('registration_case_notes_registration_idx').on(t.registrationId, t.createdAt)],
);
