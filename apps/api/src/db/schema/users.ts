import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parentId, singleUseColumns, stamp } from './columns';
import { eietCompanies, pileCompanies } from './companies';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    phone: text('phone'),
    address: text('address'),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    locale: text('locale', { enum: ['en', 'my'] })
      .notNull()
      .default('en'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
    /** The company the account works for (an administrator links it): an EIET company or a pile company, never both. */
    eietCompanyId: integer('eiet_company_id').references(() => eietCompanies.id, { onDelete: 'set null' }),
    pileCompanyId: integer('pile_company_id').references(() => pileCompanies.id, { onDelete: 'set null' }),
    /** SHA-256 of the token in the account's private calendar-feed address; null until one is made. */
    calendarTokenHash: text('calendar_token_hash').unique(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_eiet_company_idx').on(t.eietCompanyId),
    index('users_pile_company_idx').on(t.pileCompanyId),
    check('users_one_company', sql`${t.eietCompanyId} IS NULL OR ${t.pileCompanyId} IS NULL`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: parentId('user_id', () => users.id),
    roleId: parentId('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Bearer tokens. Only the SHA-256 of a token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: stamp('created_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** E-mail verification and password-reset tokens: hashed, expiring, single-use, superseded by a resend. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'security_link'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    ...singleUseColumns(),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Failed sign-ins, for the per-account hourly cap that outlives a restart and spans processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt)],
);
