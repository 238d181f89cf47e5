import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrationChildRows, rowsWhereIn } from '../../db/rows';
import {
  changeReportComments,
  changeReportSignoffs,
  changeReports,
  projects,
  registrationDocuments,
} from '../../db/schema/index';

export type ChangeReportRow = typeof changeReports.$inferSelect;
export type SignoffRow = typeof changeReportSignoffs.$inferSelect;
export type ChangeCommentRow = typeof changeReportComments.$inferSelect;

/** Queries of the change reports (issue 30). `db` may be a transaction. */
export function changeReportsRepository(db: Db) {
  return {
    /** `insert`, `findById` and `ofRegistration`, newest first. */
    ...registrationChildRows(db, changeReports, desc(changeReports.id)),

    signoffs(ids: number[]): Promise<SignoffRow[]> {
      return rowsWhereIn(
        db,
        changeReportSignoffs,
        changeReportSignoffs.changeReportId,
        ids,
        asc(changeReportSignoffs.signedAt),
      );
    },

    comments(ids: number[]): Promise<ChangeCommentRow[]> {
      return rowsWhereIn(
        db,
        changeReportComments,
        changeReportComments.changeReportId,
        ids,
        asc(changeReportComments.id),
      );
    },

    /** The revised sheets of these reports. */
    documents(ids: number[]) {
      return rowsWhereIn(
        db,
        registrationDocuments,
        registrationDocuments.changeReportId,
        ids,
        asc(registrationDocuments.discipline),
        asc(registrationDocuments.number),
      );
    },

    /** Names these proposed, unclaimed documents as the report's; the number it claimed. */
    async claimDocuments(reportId: number, registrationId: number, ids: number[]): Promise<number> {
      const rows = await db
        .update(registrationDocuments)
        .set({ changeReportId: reportId })
        .where(
          and(
            inArray(registrationDocuments.id, ids),
            eq(registrationDocuments.registrationId, registrationId),
            eq(registrationDocuments.status, 'proposed'),
            isNull(registrationDocuments.changeReportId),
          ),
        )
        .returning({ id: registrationDocuments.id });
      return rows.length;
    },

    /** An acknowledgement or countersignature; a later one for the same discipline replaces it. */
    async signoff(row: typeof changeReportSignoffs.$inferInsert): Promise<void> {
      await db
        .insert(changeReportSignoffs)
        .values(row)
        .onConflictDoUpdate({
          target: [changeReportSignoffs.changeReportId, changeReportSignoffs.discipline],
          set: row,
        });
    },

    async addComment(row: typeof changeReportComments.$inferInsert): Promise<void> {
      await db.insert(changeReportComments).values(row);
    },

    /** Ends an open report (false when another request ended it first). */
    async close(
      id: number,
      end: { status: string; contentSha256: string; at: Date; by: number | null; note: string | null },
    ): Promise<boolean> {
      const rows = await db
        .update(changeReports)
        .set({
          status: end.status,
          contentSha256: end.contentSha256,
          decidedAt: end.at,
          decidedBy: end.by,
          decisionNote: end.note,
        })
        .where(and(eq(changeReports.id, id), eq(changeReports.status, 'open')))
        .returning({ id: changeReports.id });
      return rows.length === 1;
    },

    /** The open report of a registration, locked until the transaction ends. */
    async lock(id: number): Promise<ChangeReportRow | undefined> {
      const [row] = await db.select().from(changeReports).where(eq(changeReports.id, id)).for('update');
      return row;
    },
  };
}

/** Shows a published project as completed on the public list; false when it was already. */
export async function markProjectCompleted(db: Db, projectId: number): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ status: 'Completed' })
    .where(and(eq(projects.id, projectId), ne(projects.status, 'Completed')))
    .returning({ id: projects.id });
  return rows.length === 1;
}
