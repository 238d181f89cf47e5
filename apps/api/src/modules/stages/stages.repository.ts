import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CONSTRUCTION_STAGES, type ConstructionStage, type StageNotice } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { inspections, registrations, stageNotices } from '../../db/schema/index';

export type StageNoticeRow = typeof stageNotices.$inferSelect;

export const toStageNoticeJson = (r: StageNoticeRow): StageNotice => ({
  id: r.id,
  registration_id: r.registrationId,
  stage: r.stage as ConstructionStage,
  date: r.stageDate,
  note: r.note,
  created_at: r.createdAt.toISOString(),
});

/** In the stages' order (commencement first), whatever order they were reported in. */
const byStage = (a: StageNoticeRow, b: StageNoticeRow) =>
  CONSTRUCTION_STAGES.indexOf(a.stage as ConstructionStage) - CONSTRUCTION_STAGES.indexOf(b.stage as ConstructionStage);

/** The construction stages' queries (issue 30). `db` may be a transaction. */
export function stagesRepository(db: Db) {
  return {
    /**
     * Records the stage once: undefined when the registration has reported it already, even
     * when two requests race (the unique pair of migration 0022 decides, not a read before).
     */
    async insert(input: {
      registrationId: number;
      stage: ConstructionStage;
      date: string;
      note: string | null;
      userId: number;
      at: Date;
    }): Promise<StageNoticeRow | undefined> {
      const [row] = await db
        .insert(stageNotices)
        .values({
          registrationId: input.registrationId,
          stage: input.stage,
          stageDate: input.date,
          note: input.note,
          reportedBy: input.userId,
          createdAt: input.at,
        })
        .onConflictDoNothing({ target: [stageNotices.registrationId, stageNotices.stage] })
        .returning();
      return row;
    },

    /** The stages each registration reported, by registration, in the stages' order. */
    async of(registrationIds: number[]): Promise<Map<number, StageNotice[]>> {
      const out = new Map<number, StageNotice[]>(registrationIds.map((id) => [id, []]));
      if (registrationIds.length === 0) return out;
      const rows = await db
        .select()
        .from(stageNotices)
        .where(inArray(stageNotices.registrationId, registrationIds))
        .orderBy(asc(stageNotices.id));
      for (const r of rows.sort(byStage)) out.get(r.registrationId)?.push(toStageNoticeJson(r));
      return out;
    },

    /**
     * What the public project page shows of the registration that published the project:
     * its reference, stages with dates, and inspections done (date, kind, outcome) — the query
     * selects no name, note or remark, so none can leak (decision 095).
     */
    async publicConstruction(projectId: number) {
      const [reg] = await db
        .select({ id: registrations.id, reference: registrations.referenceNumber })
        .from(registrations)
        .where(and(eq(registrations.projectId, projectId), sql`${registrations.referenceNumber} IS NOT NULL`))
        .orderBy(asc(registrations.id))
        .limit(1);
      if (!reg?.reference) return undefined;
      const stages = await db
        .select({ stage: stageNotices.stage, date: stageNotices.stageDate })
        .from(stageNotices)
        .where(eq(stageNotices.registrationId, reg.id));
      const done = await db
        .select({ at: inspections.scheduledFor, kind: inspections.kind, outcome: inspections.outcome })
        .from(inspections)
        .where(and(eq(inspections.registrationId, reg.id), eq(inspections.status, 'done')))
        .orderBy(asc(inspections.scheduledFor), asc(inspections.id));
      return { reference: reg.reference, stages, inspections: done };
    },
  };
}
