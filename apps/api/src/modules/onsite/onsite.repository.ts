import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inspectionChecklistItems, inspectionPhotos, inspections } from '../../db/schema/index';

export type ChecklistItemRow = typeof inspectionChecklistItems.$inferSelect;
export type PhotoRow = typeof inspectionPhotos.$inferSelect;

/** Queries of the on-site record of inspections (issue 30); `db` may be a transaction. */
export function onsiteRepository(db: Db) {
  return {
    /** The items in use of every kind, in their order. */
    activeItems(): Promise<ChecklistItemRow[]> {
      return db
        .select()
        .from(inspectionChecklistItems)
        .where(isNull(inspectionChecklistItems.retiredAt))
        .orderBy(
          asc(inspectionChecklistItems.kind),
          asc(inspectionChecklistItems.position),
          asc(inspectionChecklistItems.id),
        );
    },

    /** Items of one kind by id, retired ones too (a phone may carry yesterday's list). */
    itemsOfKind(kind: string, ids: number[]): Promise<ChecklistItemRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(inspectionChecklistItems)
        .where(and(eq(inspectionChecklistItems.kind, kind), inArray(inspectionChecklistItems.id, ids)));
    },

    /** Sets the checklist while the inspection is still scheduled; undefined when it is not. */
    async setChecklist(id: number, checklist: unknown, at: Date): Promise<{ id: number } | undefined> {
      const [row] = await db
        .update(inspections)
        .set({ checklist, checklistUpdatedAt: at, updatedAt: at })
        .where(and(eq(inspections.id, id), eq(inspections.status, 'scheduled')))
        .returning({ id: inspections.id });
      return row;
    },

    async insertPhoto(row: typeof inspectionPhotos.$inferInsert): Promise<PhotoRow> {
      const [created] = await db.insert(inspectionPhotos).values(row).returning();
      return created!;
    },

    photosOf(inspectionId: number): Promise<PhotoRow[]> {
      return db
        .select()
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.inspectionId, inspectionId))
        .orderBy(asc(inspectionPhotos.takenAt), asc(inspectionPhotos.id));
    },

    async findPhoto(id: number): Promise<PhotoRow | undefined> {
      const [row] = await db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, id));
      return row;
    },
  };
}
