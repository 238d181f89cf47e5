import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every request limit (sign-in, registration, mail links, uploads) counts here, one row
 * per key, with one atomic INSERT ... ON CONFLICT DO UPDATE ... RETURNING per attempt:
 * parallel requests and several server processes see one count (docs/decisions/012).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** The window (or, for the growing-delay counters, the streak) ends here; the next hit starts over. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Growing-delay counters: the next attempt is not checked before this. */
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('rate_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
