import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/seed/rows';
import { rowCount } from '../../lib/row-counts';
import { inspections, registrationStatusHistory } from '../../db/schema/index';

export function transparencyRepository(db: Db) {
  return {
    /**
     * The whole status history of every registration that has any change since `from`
     * (a decision in the window needs its earlier submission), oldest first.
     */
    async historySince(from: Date): Promise<{ registrationId: number; status: string; at: Date }[]> {
      const recent = db
        .selectDistinct({ id: registrationStatusHistory.registrationId })
        .from(registrationStatusHistory)
        .where(gte(registrationStatusHistory.createdAt, from));
      return db
        .select({
          registrationId: registrationStatusHistory.registrationId,
          status: registrationStatusHistory.status,
          at: registrationStatusHistory.createdAt,
        })
        .from(registrationStatusHistory)
        .where(inArray(registrationStatusHistory.registrationId, recent))
        .orderBy(
          asc(registrationStatusHistory.registrationId),
          asc(registrationStatusHistory.createdAt),
          asc(registrationStatusHistory.id),
        );
    },
    /**
     * What the statistics are computed from, as one cheap key (index-only reads): the newest
     * status change and the inspections' count and last change. History rows are only ever
     * added (registrations.move.ts), so an equal key means equal figures.
     */
    async statisticsInputs(): Promise<string> {
      // The inspections' count is the kept one and their last change comes from an index
      // (migration 0027): 200,000 inspections are not counted per request (docs/decisions/109).
      const [[first], counted] = await Promise.all([
        db
          .execute(
            sql`SELECT (SELECT max(id) FROM ${registrationStatusHistory}) AS history,
                       (SELECT max(updated_at)::text FROM ${inspections}) AS changed`,
          )
          .then((r) => rowsOf<{ history: number | null; changed: string | null }>(r)),
        rowCount(db, 'inspections'),
      ]);
      return `${first?.history}|${counted}|${first?.changed}`;
    },
    /** When each inspection with a result in [from, to) was held. */
    async inspectionsDone(from: Date, to: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: inspections.scheduledFor })
        .from(inspections)
        .where(
          and(eq(inspections.status, 'done'), gte(inspections.scheduledFor, from), lt(inspections.scheduledFor, to)),
        );
      return rows.map((r) => r.at);
    },
  };
}
