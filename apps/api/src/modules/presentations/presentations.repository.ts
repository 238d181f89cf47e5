import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { presentationAnswers, presentations } from '../../db/schema/index';

export type PresentationRow = typeof presentations.$inferSelect;
export type AnswerRow = typeof presentationAnswers.$inferSelect;

/** Queries of the designer's presentations (issue 30). `db` may be a transaction. */
export function presentationsRepository(db: Db) {
  return {
    async insert(row: typeof presentations.$inferInsert): Promise<PresentationRow> {
      const [saved] = await db.insert(presentations).values(row).returning();
      return saved!;
    },

    async findById(id: number): Promise<PresentationRow | undefined> {
      const [row] = await db.select().from(presentations).where(eq(presentations.id, id));
      return row;
    },

    /** Soonest first. */
    ofRegistration(registrationId: number): Promise<PresentationRow[]> {
      return db
        .select()
        .from(presentations)
        .where(eq(presentations.registrationId, registrationId))
        .orderBy(asc(presentations.startsAt), asc(presentations.id));
    },

    answers(ids: number[]): Promise<AnswerRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(presentationAnswers).where(inArray(presentationAnswers.presentationId, ids));
    },

    /** An invitee's answer; a later one replaces it. */
    async answer(row: typeof presentationAnswers.$inferInsert): Promise<void> {
      await db
        .insert(presentationAnswers)
        .values(row)
        .onConflictDoUpdate({ target: [presentationAnswers.presentationId, presentationAnswers.email], set: row });
    },

    async setMinutes(id: number, minutes: string, at: Date): Promise<void> {
      await db
        .update(presentations)
        .set({ minutes, minutesAt: at })
        .where(and(eq(presentations.id, id)));
    },
  };
}
