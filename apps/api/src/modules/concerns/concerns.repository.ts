import { and, asc, count, desc, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { concerns, registrations, users } from '../../db/schema/index';

export type ConcernRow = typeof concerns.$inferSelect;

const withProject = {
  concern: concerns,
  referenceNumber: registrations.referenceNumber,
  projectName: sql<string | null>`${registrations.data} ->> 'project_name'`,
};

/** The public's concerns (decision 089). */
export function concernsRepository(db: Db) {
  return {
    /** An approved registration by its reference (the only ones with a public page and a board). */
    async registrationByReference(reference: string) {
      const [row] = await db
        .select({
          id: registrations.id,
          status: registrations.status,
          referenceNumber: registrations.referenceNumber,
          projectName: sql<string | null>`${registrations.data} ->> 'project_name'`,
          ownerName: users.name,
          ownerEmail: users.email,
          ownerLocale: users.locale,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(eq(registrations.referenceNumber, reference))
        .limit(1);
      return row;
    },
    async insert(row: typeof concerns.$inferInsert): Promise<ConcernRow> {
      const [created] = await db.insert(concerns).values(row).returning();
      return created!;
    },
    async published(registrationId: number): Promise<ConcernRow[]> {
      return db
        .select()
        .from(concerns)
        .where(
          and(
            eq(concerns.registrationId, registrationId),
            eq(concerns.published, true),
            isNotNull(concerns.answeredAt),
          ),
        )
        .orderBy(desc(concerns.answeredAt));
    },
    /** The queue: unanswered first, oldest first; then the answered, newest answer first. */
    async page(openOnly: boolean, page: number, perPage: number) {
      const where = openOnly ? isNull(concerns.answeredAt) : undefined;
      const [rows, [total], [open]] = await Promise.all([
        db
          .select(withProject)
          .from(concerns)
          .innerJoin(registrations, eq(registrations.id, concerns.registrationId))
          .where(where)
          .orderBy(sql`${concerns.answeredAt} IS NOT NULL`, desc(concerns.answeredAt), asc(concerns.receivedAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(concerns).where(where),
        db.select({ n: count() }).from(concerns).where(isNull(concerns.answeredAt)),
      ]);
      return { rows, total: Number(total?.n ?? 0), open: Number(open?.n ?? 0) };
    },
    async find(id: number) {
      const [row] = await db
        .select(withProject)
        .from(concerns)
        .innerJoin(registrations, eq(registrations.id, concerns.registrationId))
        .where(eq(concerns.id, id));
      return row;
    },
    /** Answers once: the conditional update finds no row when another answer came first. */
    async answer(id: number, answer: string, publish: boolean, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(concerns)
        .set({ answer, published: publish, answeredBy: by, answeredAt: at })
        .where(and(eq(concerns.id, id), isNull(concerns.answeredAt)))
        .returning({ id: concerns.id });
      return rows.length === 1;
    },
  };
}
