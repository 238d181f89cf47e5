import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { registrations } from './registrations';
import { bytea, parentId, stamp } from './columns';
import { changeReports } from './change-reports';

/**
 * A tus upload (docs/api.md "Resumable uploads", decision 069): who may see it, its length
 * and metadata. Its bytes are in the streaming file store under `uploads/<id>`; how many
 * arrived is what that store holds, so a restart loses nothing.
 */
export const tusUploads = pgTable(
  'tus_uploads',
  {
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    size: bigint('size', { mode: 'number' }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: stamp('created_at'),
  },
  (t) => [index('tus_uploads_user_idx').on(t.userId), index('tus_uploads_created_idx').on(t.createdAt)],
);

/** The streaming store's shared back-end: a file as chunks, each written as it arrived (decision 069). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    area: text('area').notNull(),
    key: text('key').notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ name: 'file_chunks_pk', columns: [t.area, t.key, t.start] })],
);

/** One PDF of a registration's design, one row per revision (docs/api.md "Documents of a registration"). */
export const registrationDocuments = pgTable(
  'registration_documents',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    discipline: text('discipline').notNull(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    revision: text('revision').notNull(),
    /** The round it was (or will be) submitted in. */
    round: integer('round').notNull(),
    pages: integer('pages').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    status: text('status').notNull().default('current'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    replacesId: integer('replaces_id'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    approvedKey: text('approved_key'),
    approvedSha256: text('approved_sha256'),
    approvedSize: bigint('approved_size', { mode: 'number' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** The change report that proposes this revision (issue 30; null for the registration's own rounds). */
    changeReportId: integer('change_report_id').references(() => changeReports.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('registration_documents_registration_idx').on(t.registrationId, t.discipline, t.number),
    index('registration_documents_sha_idx').on(t.sha256),
    index('registration_documents_approved_sha_idx').on(t.approvedSha256),
  ],
);
