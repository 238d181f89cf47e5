import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeTokens, passkeys, stepUpProofs, webauthnChallenges, type WebAuthnPurpose } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ProofRow = typeof stepUpProofs.$inferSelect;

/**
 * Queries of passkeys, WebAuthn challenges, step-up proofs and mailed security links
 * (migration 0013). Every "use once" is one conditional UPDATE, so two parallel requests
 * cannot both use a challenge, a proof or a link.
 */
export function secondFactorRepository(database: Database) {
  const { db } = database;
  return {
    passkeysOf(userId: number): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
    },

    async passkeyCount(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return Number(row?.n ?? 0);
    },

    async passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    async insertPasskey(p: {
      userId: number;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      name: string;
      now: Date;
    }): Promise<PasskeyRow> {
      const [row] = await db
        .insert(passkeys)
        .values({ ...p, createdAt: p.now })
        .returning();
      return row!;
    },

    async renamePasskey(userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async deletePasskey(userId: number, id: number): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async usedPasskey(id: number, counter: number, at: Date): Promise<void> {
      await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },

    async insertChallenge(c: {
      userId: number | null;
      purpose: WebAuthnPurpose;
      challenge: string;
      act?: unknown;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.insert(webauthnChallenges).values({
        userId: c.userId,
        purpose: c.purpose,
        challenge: c.challenge,
        act: c.act ?? null,
        expiresAt: c.expiresAt,
        createdAt: c.now,
      });
    },

    /** Spends a live challenge of this purpose; the row only for the request that spent it. */
    async spendChallenge(challenge: string, purpose: WebAuthnPurpose, now: Date) {
      const [row] = await db
        .update(webauthnChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            isNull(webauthnChallenges.usedAt),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async insertProof(p: {
      userId: number;
      method: 'passkey' | 'code';
      passkeyId?: number;
      passkeyName?: string;
      act?: unknown;
      actKey?: string | null;
      assertion?: unknown;
      now: Date;
      expiresAt: Date;
    }): Promise<ProofRow> {
      const [row] = await db
        .insert(stepUpProofs)
        .values({
          userId: p.userId,
          method: p.method,
          passkeyId: p.passkeyId ?? null,
          passkeyName: p.passkeyName ?? null,
          act: p.act ?? null,
          actKey: p.actKey ?? null,
          assertion: p.assertion ?? null,
          createdAt: p.now,
          expiresAt: p.expiresAt,
        })
        .returning();
      return row!;
    },

    /**
     * Spends the caller's freshest live proof made for this act (or for no act in
     * particular, a code's), recording the act on it: the proof becomes the act's evidence.
     */
    async spendProof(s: {
      userId: number;
      actKey: string;
      act: unknown;
      actKind: string;
      actRecordId: number;
      now: Date;
    }): Promise<ProofRow | undefined> {
      const rows = await database.query<{ id: number }>(
        `UPDATE step_up_proofs SET used_at = $1, act = COALESCE(act, $2::jsonb), act_key = COALESCE(act_key, $3),
                act_kind = $4, act_record_id = $5
          WHERE id = (SELECT id FROM step_up_proofs
                       WHERE user_id = $6 AND used_at IS NULL AND expires_at > $1
                         AND (act_key IS NULL OR act_key = $3)
                       ORDER BY (act_key IS NULL), created_at DESC LIMIT 1)
            AND used_at IS NULL
          RETURNING id`,
        [s.now.toISOString(), JSON.stringify(s.act), s.actKey, s.actKind, s.actRecordId, s.userId],
      );
      const id = rows[0]?.id;
      if (id === undefined) return undefined;
      const [row] = await db.select().from(stepUpProofs).where(eq(stepUpProofs.id, id));
      return row;
    },

    /** The live, unused security link of this hash (any account), without using it. */
    async liveSecurityLink(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: oneTimeTokens.id, userId: oneTimeTokens.userId })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, 'security_link'),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof secondFactorRepository>;
