import { and, count, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessTokens, loginAttempts, oneTimeTokens } from '../../db/schema/index';
import { accountsRepository } from '../accounts/accounts.repository';

export type { NewUser } from '../accounts/accounts.repository';
export type OneTimePurpose = 'verify_email' | 'reset_password' | 'security_link';

/** True for a unique-key violation, from either driver (Drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Queries about sign-in: the accounts core, plus tokens and failed sign-ins; no rules. */
export function authRepository(database: Database) {
  const { db } = database;
  return {
    // Users, roles and session revocation: the accounts core.
    ...accountsRepository(db),

    async insertAccessToken(t: { userId: number; tokenHash: string; remember: boolean; now: Date; expiresAt: Date }) {
      await db.insert(accessTokens).values({
        userId: t.userId,
        tokenHash: t.tokenHash,
        remember: t.remember,
        expiresAt: t.expiresAt,
        lastUsedAt: t.now,
        createdAt: t.now,
      });
    },
    async deleteAccessToken(id: number): Promise<void> {
      await db.delete(accessTokens).where(eq(accessTokens.id, id));
    },
    /** Drops expired tokens of this user so the table does not grow without end. */
    async deleteExpiredAccessTokens(userId: number, now: Date): Promise<void> {
      await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), lt(accessTokens.expiresAt, now)));
    },

    /** Stores a new one-time token and retires the user's earlier ones of the same purpose. */
    async replaceOneTimeToken(t: {
      userId: number;
      purpose: OneTimePurpose;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(oneTimeTokens)
          .where(and(eq(oneTimeTokens.userId, t.userId), eq(oneTimeTokens.purpose, t.purpose)));
        await tx.insert(oneTimeTokens).values({
          userId: t.userId,
          purpose: t.purpose,
          tokenHash: t.tokenHash,
          expiresAt: t.expiresAt,
          createdAt: t.now,
        });
      });
    },
    async latestOneTimeTokenAt(userId: number, purpose: OneTimePurpose): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: oneTimeTokens.createdAt })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
        .orderBy(sql`${oneTimeTokens.createdAt} DESC`)
        .limit(1);
      return row?.createdAt;
    },
    /** Marks a live token used; true only for the one request that wins. */
    async consumeOneTimeToken(t: {
      userId: number;
      purpose: OneTimePurpose;
      tokenHash: string;
      now: Date;
    }): Promise<boolean> {
      const rows = await db
        .update(oneTimeTokens)
        .set({ usedAt: t.now })
        .where(
          and(
            eq(oneTimeTokens.userId, t.userId),
            eq(oneTimeTokens.purpose, t.purpose),
            eq(oneTimeTokens.tokenHash, t.tokenHash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, t.now),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      return rows.length === 1;
    },
    async deleteOneTimeTokens(userId: number, purpose: OneTimePurpose): Promise<void> {
      await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)));
    },

    async recordFailedLogin(email: string, ip: string, now: Date): Promise<void> {
      await db.insert(loginAttempts).values({ email, ip, createdAt: now });
    },
    /** Failed sign-ins since `since`, for one address (and one IP when given), oldest first. */
    async failedLoginsSince(email: string, since: Date, ip?: string): Promise<{ count: number; oldest?: Date }> {
      const where = ip
        ? and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), gte(loginAttempts.createdAt, since))
        : and(eq(loginAttempts.email, email), gte(loginAttempts.createdAt, since));
      const [row] = await db
        .select({ n: count(), oldest: sql<string | Date | null>`min(${loginAttempts.createdAt})` })
        .from(loginAttempts)
        .where(where);
      const n = Number(row?.n ?? 0);
      return { count: n, oldest: row?.oldest ? new Date(row.oldest) : undefined };
    },
    async clearFailedLogins(email: string, ip: string): Promise<void> {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    },
    async pruneFailedLogins(email: string, before: Date): Promise<void> {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), lt(loginAttempts.createdAt, before)));
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
