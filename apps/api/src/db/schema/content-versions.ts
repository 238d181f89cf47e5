import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counter per public list, bumped by triggers whenever its tables change, so every
 * server process knows when its prepared answer is stale (see lib/prepared-answer.ts).
 */
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** When the list last changed (set by the same triggers); the open data's Last-Modified. */
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
