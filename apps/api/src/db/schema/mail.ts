import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/** Mail waiting to be sent. A worker claims rows with FOR UPDATE SKIP LOCKED and retries with backoff. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Where replies go (Reply-To), when not to the portal's own address. */
    replyTo: text('reply_to'),
    /** Files to attach: [{filename, path (under DATA_DIR), contentType}] */
    attachments: jsonb('attachments').$type<{ filename: string; path: string; contentType: string }[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: stamp('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
