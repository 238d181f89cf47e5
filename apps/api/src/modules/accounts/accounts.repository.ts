import { and, count, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RoleSlug, UserCompany } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { accessTokens, eietCompanies, pileCompanies, roles, userRoles, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The signed-in user as the server sees it: the row without the password hash. */
export type AuthUser = Omit<UserRow, 'passwordHash'>;
export interface AuthRole {
  id: number;
  name: string;
  slug: RoleSlug;
}
/** What another module may know of an account it works with: whom to address, and in which language. */
export interface OwnerContact {
  id: number;
  name: string;
  email: string;
  locale: string;
}

/** A sign-in token with its account and the account's roles, as the auth plugin checks them. */
export interface SessionRow {
  token: { id: number; remember: boolean; expiresAt: Date; lastUsedAt: Date | null; createdAt: Date };
  user: AuthUser;
  roles: AuthRole[];
}

const { passwordHash: _passwordHash, ...authUserColumns } = getTableColumns(users);

/**
 * The session read (accountsRepository.session), built once per database: every signed-in
 * request runs it, and building a query is Drizzle's share of the server's time (issue 31).
 */
function sessionQuery(db: Db) {
  return db
    .select({
      token: {
        id: accessTokens.id,
        remember: accessTokens.remember,
        expiresAt: accessTokens.expiresAt,
        lastUsedAt: accessTokens.lastUsedAt,
        createdAt: accessTokens.createdAt,
      },
      user: authUserColumns,
      roles: sql<AuthRole[]>`coalesce((
        SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'slug', r.slug) ORDER BY r.id)
          FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
         WHERE ur.user_id = ${users}."id"), '[]'::json)`.mapWith((v: unknown) =>
        typeof v === 'string' ? (JSON.parse(v) as AuthRole[]) : (v as AuthRole[]),
      ),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('auth_session');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The accounts core: users, roles, role grants and owners' contact details, for every
 * module that needs them (the auth plugin, auth, profile, admin, registrations). Queries
 * only, no rules. `db` may be a transaction.
 */
export function accountsRepository(db: Db) {
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

    /** Name, e-mail and language of an account, for mail and documents about its work. */
    async contact(userId: number): Promise<OwnerContact | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** A page of accounts, by id, optionally those whose name or e-mail contains `search`. */
    async listUsers(opts: { search?: string; offset: number; limit: number }) {
      const where: SQL | undefined = opts.search
        ? or(ilike(users.name, likePattern(opts.search)), ilike(users.email, likePattern(opts.search)))
        : undefined;
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows: UserRow[] = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(users.id)
        .limit(opts.limit)
        .offset(opts.offset);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * The token with this hash, its account (without the password hash) and the account's
     * roles, in one statement: every signed-in request asks this (issue 31: three queries
     * before, the roles read on their own). The roles come as one JSON array, in id order.
     */
    async session(tokenHash: string): Promise<SessionRow | undefined> {
      let query = sessionQueries.get(db);
      if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
      const [row] = await query.execute({ hash: tokenHash });
      return row;
    },
    /** Slides a token's expiry and notes its use (the auth plugin, at most once a minute per token). */
    async touchAccessToken(id: number, at: Date, expiresAt: Date): Promise<void> {
      await db.update(accessTokens).set({ lastUsedAt: at, expiresAt }).where(eq(accessTokens.id, id));
    },

    roles(userId: number): Promise<AuthRole[]> {
      return db
        .select({ id: roles.id, name: roles.name, slug: roles.slug })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.id) as Promise<AuthRole[]>;
    },
    async rolesOfUsers(ids: number[]): Promise<Map<number, AuthRole[]>> {
      const map = new Map<number, AuthRole[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return map;
      const rows = await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name, slug: roles.slug })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(roles.id);
      for (const r of rows) map.get(r.userId)?.push({ id: r.id, name: r.name, slug: r.slug as AuthRole['slug'] });
      return map;
    },
    /** Replaces the user's roles with those of `slugs`. */
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
    /** Gives the user a role by slug; true when it was new. */
    async grantRole(userId: number, slug: string): Promise<boolean> {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug)).limit(1);
      if (!role) return false;
      const rows = await db
        .insert(userRoles)
        .values({ userId, roleId: role.id })
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      return rows.length > 0;
    },

    /** The company the account works for, with its name from the register; null when none is linked. */
    async companyOf(u: { eietCompanyId: number | null; pileCompanyId: number | null }): Promise<UserCompany | null> {
      if (u.eietCompanyId !== null) {
        const [row] = await db
          .select({ id: eietCompanies.id, name: eietCompanies.eietName })
          .from(eietCompanies)
          .where(eq(eietCompanies.id, u.eietCompanyId));
        return row ? { kind: 'eiet', ...row } : null;
      }
      if (u.pileCompanyId !== null) {
        const [row] = await db
          .select({ id: pileCompanies.id, name: pileCompanies.companyName })
          .from(pileCompanies)
          .where(eq(pileCompanies.id, u.pileCompanyId));
        return row ? { kind: 'pile', ...row } : null;
      }
      return null;
    },
    /** Companies of several accounts at once (the admin list). */
    async companiesOf(rows: { id: number; eietCompanyId: number | null; pileCompanyId: number | null }[]) {
      const map = new Map<number, UserCompany | null>();
      const eietIds = [...new Set(rows.flatMap((r) => (r.eietCompanyId !== null ? [r.eietCompanyId] : [])))];
      const pileIds = [...new Set(rows.flatMap((r) => (r.pileCompanyId !== null ? [r.pileCompanyId] : [])))];
      const eiet = eietIds.length
        ? await db
            .select({ id: eietCompanies.id, name: eietCompanies.eietName })
            .from(eietCompanies)
            .where(inArray(eietCompanies.id, eietIds))
        : [];
      const pile = pileIds.length
        ? await db
            .select({ id: pileCompanies.id, name: pileCompanies.companyName })
            .from(pileCompanies)
            .where(inArray(pileCompanies.id, pileIds))
        : [];
      for (const r of rows) {
        const e = r.eietCompanyId !== null ? eiet.find((c) => c.id === r.eietCompanyId) : undefined;
        const p = r.pileCompanyId !== null ? pile.find((c) => c.id === r.pileCompanyId) : undefined;
        map.set(r.id, e ? { kind: 'eiet', ...e } : p ? { kind: 'pile', ...p } : null);
      }
      return map;
    },
    /** Whether the register holds that company. */
    /** The active accounts linked to a company (decision 034), to tell them of new work in their language. */
    async companyMembers(kind: 'eiet' | 'pile', companyId: number): Promise<OwnerContact[]> {
      return db
        .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(
          and(eq(kind === 'eiet' ? users.eietCompanyId : users.pileCompanyId, companyId), eq(users.status, 'active')),
        )
        .orderBy(users.id);
    },

    async companyExists(kind: 'eiet' | 'pile', id: number): Promise<boolean> {
      const [row] =
        kind === 'eiet'
          ? await db.select({ id: eietCompanies.id }).from(eietCompanies).where(eq(eietCompanies.id, id))
          : await db.select({ id: pileCompanies.id }).from(pileCompanies).where(eq(pileCompanies.id, id));
      return !!row;
    },

    /**
     * Signs the account out everywhere, or everywhere but `keepId` (the session making the
     * change), and always revokes its calendar-feed address: that address is a credential
     * too, and must not outlive a password change or reset (issue 24, hole 8).
     */
    async deleteAccessTokensOf(userId: number, keepId?: number | null): Promise<void> {
      await db.update(users).set({ calendarTokenHash: null }).where(eq(users.id, userId));
      await db
        .delete(accessTokens)
        .where(
          keepId ? and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepId)) : eq(accessTokens.userId, userId),
        );
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
