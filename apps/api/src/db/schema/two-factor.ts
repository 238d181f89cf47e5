import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId, singleUseColumns, stamp } from './columns';
import { users } from './users';

/**
 * An administrator's second sign-in step (docs/decisions/046-admin-two-factor.md). The TOTP
 * secret is stored encrypted with a key derived from APP_SECRET; `last_step` is the last
 * 30-second step whose code was accepted, so a code works once.
 */
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  graceUsedAt: timestamp('grace_used_at', { withTimezone: true, mode: 'date' }),
  updatedAt: stamp('updated_at'),
});

/** One-time recovery codes, stored as SHA-256 of the normalised code. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: stamp('created_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** The short-lived ticket between the password step and the code (or enrolment) step of a sign-in. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['sign_in', 'enrol'] }).notNull(),
    remember: boolean('remember').notNull().default(false),
    ...singleUseColumns(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
