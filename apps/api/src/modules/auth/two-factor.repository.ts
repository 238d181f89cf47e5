import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSettings } from '../../db/schema/index';

export type ChallengePurpose = 'sign_in' | 'enrol';

/** Queries of the administrators' second sign-in step; every "use once" is one conditional UPDATE. */
export function twoFactorRepository(database: Database) {
  const { db } = database;
  return {
    async settings(userId: number) {
      const [row] = await db.select().from(twoFactorSettings).where(eq(twoFactorSettings.userId, userId)).limit(1);
      return row;
    },

    /** Marks the one grace sign-in as used; true only for the request that used it. */
    async takeGrace(userId: number, at: Date): Promise<boolean> {
      const rows = await database.query<{ user_id: number }>(
        `INSERT INTO two_factor_settings (user_id, grace_used_at, updated_at) VALUES ($1, $2, $2)
         ON CONFLICT (user_id) DO UPDATE SET grace_used_at = $2, updated_at = $2
           WHERE two_factor_settings.grace_used_at IS NULL AND two_factor_settings.enabled_at IS NULL
         RETURNING user_id`,
        [userId, at.toISOString()],
      );
      return rows.length === 1;
    },

    /** A new secret waiting for its first code (replaces an earlier one not confirmed). */
    async setPending(userId: number, sealed: string, at: Date): Promise<void> {
      await db
        .insert(twoFactorSettings)
        .values({ userId, pendingSecret: sealed, updatedAt: at })
        .onConflictDoUpdate({ target: twoFactorSettings.userId, set: { pendingSecret: sealed, updatedAt: at } });
    },

    /**
     * The pending secret becomes the secret, with the step of the code that confirmed it, and
     * the recovery codes are replaced, in one transaction. False when it was already enabled
     * or the pending secret changed meanwhile.
     */
    async enable(userId: number, sealed: string, step: number, codeHashes: string[], at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(twoFactorSettings)
          .set({ secret: sealed, pendingSecret: null, enabledAt: at, lastStep: step, updatedAt: at })
          .where(
            and(
              eq(twoFactorSettings.userId, userId),
              eq(twoFactorSettings.pendingSecret, sealed),
              isNull(twoFactorSettings.enabledAt),
            ),
          )
          .returning({ userId: twoFactorSettings.userId });
        if (!done.length) return false;
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
        return true;
      });
    },

    /** Accepts a code's time step once: only a step later than the last accepted one. */
    async takeStep(userId: number, step: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorSettings)
        .set({ lastStep: step, updatedAt: at })
        .where(
          and(
            eq(twoFactorSettings.userId, userId),
            or(isNull(twoFactorSettings.lastStep), lt(twoFactorSettings.lastStep, step)),
          ),
        )
        .returning({ userId: twoFactorSettings.userId });
      return rows.length === 1;
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
      });
    },

    /** Uses a recovery code once; true only for the request that used it. */
    async useRecoveryCode(userId: number, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length === 1;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    async insertChallenge(c: {
      userId: number;
      tokenHash: string;
      purpose: ChallengePurpose;
      remember: boolean;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      // Old tickets of this account go: they were never used or are spent.
      await db
        .delete(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.userId, c.userId), lt(twoFactorChallenges.expiresAt, c.now)));
      await db.insert(twoFactorChallenges).values({
        userId: c.userId,
        tokenHash: c.tokenHash,
        purpose: c.purpose,
        remember: c.remember,
        expiresAt: c.expiresAt,
        createdAt: c.now,
      });
    },

    /** A live, unused ticket of this purpose. */
    async findChallenge(tokenHash: string, purpose: ChallengePurpose, now: Date) {
      const [row] = await db
        .select()
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            eq(twoFactorChallenges.purpose, purpose),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Spends a ticket; true only for the request that spent it. */
    async spendChallenge(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      return rows.length === 1;
    },
  };
}
