import { and, count, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessTokens, loginAttempts, oneTimeTokens, roles, userRoles, users } from '../../db/schema/index';
import { rolesOfUser, type AuthRole, type UserRow } from '../../plugins/auth';

export type NewUser = typeof users.$inferInsert;
export type OneTimePurpose = 'verify_email' | 'reset_password';

/** True for a unique-key violation, from either driver (Drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Queries about accounts, their tokens and failed sign-ins; no rules. */
export function authRepository(database: Database) {
  const { db } = database;
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async emailTakenByOther(email: string, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      return !!row;
    },
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    async updateUser(id: number, patch: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row!;
    },
    roles: (userId: number): Promise<AuthRole[]> => rolesOfUser(database, userId),
    async setRoles(userId: number, slugs: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        if (slugs.length === 0) return;
        const found = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(inArray(roles.slug, [...slugs]));
        if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
      });
    },

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
    /** Revokes every token of a user, or every one but `keepId`. */
    async deleteAccessTokensOf(userId: number, keepId?: number | null): Promise<void> {
      await db
        .delete(accessTokens)
        .where(
          keepId ? and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepId)) : eq(accessTokens.userId, userId),
        );
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
