import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrationChildRows, rowsWhereIn } from '../../db/rows';
import { presentationAnswers, presentations } from '../../db/schema/index';

export type PresentationRow = typeof presentations.$inferSelect;
export type AnswerRow = typeof presentationAnswers.$inferSelect;

/** Queries of the designer's presentations (issue 30). `db` may be a transaction. */
export function presentationsRepository(db: Db) {
  return {
    /** `insert`, `findById` and `ofRegistration`, soonest first. */
    ...registrationChildRows(db, presentations, asc(presentations.startsAt), asc(presentations.id)),

    answers(ids: number[]): Promise<AnswerRow[]> {
      return rowsWhereIn(db, presentationAnswers, presentationAnswers.presentationId, ids);
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
