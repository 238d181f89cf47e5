import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { registrations } from './registrations';
import { users } from './users';
import { parentId, stamp } from './columns';

/**
 * A person's in-app notices: one for every mail the outbox takes for an account's address
 * (decision 088), whether or not the mail itself is sent.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path inside the portal, or null (links that carry a secret are not kept). */
    link: text('link'),
    createdAt: stamp('created_at'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.id)],
);

/** The kinds of mail a person has turned off (fixed kinds are never stored: @hpbc/shared/notices). */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: parentId('user_id', () => users.id),
    kind: text('kind').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A concern about an approved project's site, sent by anyone from its public page (issue 27, item 6). */
export const concerns = pgTable(
  'concerns',
  {
    id: serial('id').primaryKey(),
    registrationId: parentId('registration_id', () => registrations.id),
    message: text('message').notNull(),
    name: text('name'),
    email: text('email'),
    /** The sender's language, for the answer's mail. */
    locale: text('locale').notNull().default('en'),
    /** The photo's key in the `concerns` file area, its type and size. */
    photoKey: text('photo_key'),
    photoType: text('photo_type'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** Published with its answer on the project's public page (the committee may keep one private). */
    published: boolean('published').notNull().default(false),
  },
  (t) => [
    index('concerns_open_idx').on(t.answeredAt, t.receivedAt),
    index('concerns_registration_idx').on(t.registrationId),
  ],
);
