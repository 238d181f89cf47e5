import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId } from './columns';
import { users } from './users';

/**
 * The Idempotency-Key of an account's request and the first answer it got (migration 0021,
 * docs/decisions/092-idempotent-replays.md): written and read by `lib/idempotency.ts` only.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: parentId('user_id', () => users.id),
    key: text('key').notNull(),
    /** SHA-256 of the method, the URL and the body as read (a form: its fields and its file's hash). */
    requestDigest: text('request_digest').notNull(),
    state: text('state', { enum: ['processing', 'done'] })
      .notNull()
      .default('processing'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_claimed_at_idx').on(t.claimedAt)],
);
