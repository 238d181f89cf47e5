import { count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema/index';
import type { AuthRole, UserRow } from '../../plugins/auth';

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function adminRepository(database: Database) {
  const { db } = database;
  return {
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
  };
}
