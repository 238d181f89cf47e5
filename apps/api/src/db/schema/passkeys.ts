import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId, singleUseColumns, stamp } from './columns';
import { users } from './users';

/**
 * Passkeys (WebAuthn credentials) and the step-up proofs of legal acts (migration 0013;
 * docs/decisions/074-passkeys-simplewebauthn.md, 075-step-up-for-legal-acts.md).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    /** base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: stamp('created_at'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export type WebAuthnPurpose = 'register' | 'sign_in' | 'second_step' | 'step_up';

/** One WebAuthn challenge per ceremony, used once; a step-up challenge carries the act it signs. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<WebAuthnPurpose>().notNull(),
    challenge: text('challenge').notNull().unique(),
    act: jsonb('act'),
    ...singleUseColumns(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId)],
);

/** A fresh second-factor proof; spent by one legal act, it stays as that act's evidence. */
export const stepUpProofs = pgTable(
  'step_up_proofs',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    method: text('method').$type<'passkey' | 'code'>().notNull(),
    passkeyId: integer('passkey_id').references(() => passkeys.id, { onDelete: 'set null' }),
    passkeyName: text('passkey_name'),
    /** The act it was made for (a passkey's always; a code's when the caller named it), or the act that spent it. */
    act: jsonb('act'),
    /** canonicalAct(act) (packages/shared/src/second-factor.ts): what a proof must match. */
    actKey: text('act_key'),
    actKind: text('act_kind'),
    actRecordId: integer('act_record_id'),
    /** The signed WebAuthn assertion, as the browser sent it: the evidence. */
    assertion: jsonb('assertion'),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('step_up_proofs_user_idx').on(t.userId, t.createdAt),
    index('step_up_proofs_act_idx').on(t.actKind, t.actRecordId),
  ],
);
