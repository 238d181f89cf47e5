import { asc, eq } from 'drizzle-orm';
import type { CaseNote } from '@hpbc/shared/committee-view';
import type { Db } from '../../db/client';
import { registrationCaseNotes } from '../../db/schema/index';

type CaseNoteRow = typeof registrationCaseNotes.$inferSelect;

const toCaseNote = (r: CaseNoteRow): CaseNote => ({
  id: r.id,
  note: r.text,
  author: { name: r.authorName },
  created_at: r.createdAt.toISOString(),
});

/** The committee's case notes (migration 0018). Queries only; `db` may be a transaction. */
export function caseNotesRepository(db: Db) {
  return {
    async list(registrationId: number): Promise<CaseNote[]> {
      const rows = await db
        .select()
        .from(registrationCaseNotes)
        .where(eq(registrationCaseNotes.registrationId, registrationId))
        .orderBy(asc(registrationCaseNotes.createdAt), asc(registrationCaseNotes.id));
      return rows.map(toCaseNote);
    },

    async add(input: { registrationId: number; text: string; authorId: number; authorName: string; at: Date }) {
      const [row] = await db
        .insert(registrationCaseNotes)
        .values({
          registrationId: input.registrationId,
          text: input.text,
          authorId: input.authorId,
          authorName: input.authorName,
          createdAt: input.at,
        })
        .returning();
      return toCaseNote(row!);
    },
  };
}
