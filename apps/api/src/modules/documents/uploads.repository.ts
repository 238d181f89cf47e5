import { and, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tusUploads } from '../../db/schema/index';

export type UploadRow = typeof tusUploads.$inferSelect;

/** At most this many uploads an account may hold open at once (unfinished or not yet used). */
export const MAX_OPEN_UPLOADS = 50;

/** Queries of the tus uploads (decision 069). `db` may be a transaction. */
export function uploadsRepository(db: Db) {
  return {
    /**
     * Records a new upload unless the account then holds more than MAX_OPEN_UPLOADS: the
     * row is inserted first and counted after, so parallel requests cannot all slip under
     * the limit (each sees the others' rows).
     */
    async create(input: {
      id: string;
      userId: number;
      size: number;
      metadata: Record<string, string | null>;
      now: Date;
    }): Promise<boolean> {
      await db.insert(tusUploads).values({
        id: input.id,
        userId: input.userId,
        size: input.size,
        metadata: input.metadata,
        createdAt: input.now,
      });
      const [row] = await db.select({ n: count() }).from(tusUploads).where(eq(tusUploads.userId, input.userId));
      if (Number(row?.n ?? 0) <= MAX_OPEN_UPLOADS) return true;
      await db.delete(tusUploads).where(eq(tusUploads.id, input.id));
      return false;
    },

    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id));
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(tusUploads).where(eq(tusUploads.id, id));
    },

    /** Uploads made before `before` (expired), oldest first. */
    async olderThan(before: Date, limit = 500): Promise<UploadRow[]> {
      return db.select().from(tusUploads).where(lt(tusUploads.createdAt, before)).limit(limit);
    },

    async ofUser(id: string, userId: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(tusUploads)
        .where(and(eq(tusUploads.id, id), eq(tusUploads.userId, userId)));
      return row;
    },
  };
}
