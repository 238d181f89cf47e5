import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
