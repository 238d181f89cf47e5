import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOptOuts, notices } from '../../db/schema/index';

export type NoticeRow = typeof notices.$inferSelect;

/** A person's notices and mail choices; every query is bound to the person (`userId`). */
export function noticesRepository(db: Db) {
  const mine = (userId: number, unreadOnly = false) =>
    unreadOnly ? and(eq(notices.userId, userId), isNull(notices.readAt)) : eq(notices.userId, userId);
  return {
    async page(userId: number, unreadOnly: boolean, page: number, perPage: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notices)
          .where(mine(userId, unreadOnly))
          .orderBy(desc(notices.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(notices).where(mine(userId, unreadOnly)),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async unread(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notices).where(mine(userId, true));
      return Number(row?.n ?? 0);
    },
    /** Marks the notice read if it is the person's; null when it is not (or does not exist). */
    async markRead(userId: number, id: number, at: Date): Promise<NoticeRow | null> {
      const own = and(eq(notices.id, id), eq(notices.userId, userId));
      await db
        .update(notices)
        .set({ readAt: at })
        .where(and(own, isNull(notices.readAt)));
      const [row] = await db.select().from(notices).where(own);
      return row ?? null;
    },
    async markAllRead(userId: number, at: Date): Promise<void> {
      await db.update(notices).set({ readAt: at }).where(mine(userId, true));
    },
    async optedOut(userId: number): Promise<Set<string>> {
      const rows = await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
      return new Set(rows.map((r) => r.kind));
    },
    async setMail(userId: number, kind: string, on: boolean): Promise<void> {
      if (on) await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
      else await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
    },
  };
}
