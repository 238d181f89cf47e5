import { and, asc, eq, gt, gte, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { CLOCK_STEPS, type ClockStep, type ClockTarget, type Holiday } from '@hpbc/shared/working-days';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/seed/rows';
import {
  clockExtensions,
  clockReminders,
  clockTargets,
  holidays,
  registrationCounterparts,
  registrationCountersignatures,
  registrationStatusHistory,
  registrations,
  users,
} from '../../db/schema/index';

export type ExtensionRow = typeof clockExtensions.$inferSelect & { requestedByName: string | null };

/** What a registration's clock is computed from (see clocks.core.ts). */
export interface ClockFacts {
  id: number;
  userId: number;
  referenceNumber: string | null;
  projectName: string;
  status: string;
  contentSha256: string | null;
  history: { status: string; at: Date }[];
  counterparts: { discipline: string; email: string }[];
  countersignatures: { discipline: string; contentSha256: string; signedAt: Date }[];
  extensions: ExtensionRow[];
}

/** Rows by their registration, each registration's in the order read. */
function byRegistration<T extends { registrationId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.registrationId);
    if (list) list.push(row);
    else out.set(row.registrationId, [row]);
  }
  return out;
}

/** The statuses in which a registration waits on someone (its clock runs or is paused). */
export const WAITING_STATUSES = [STATUS.submitted, STATUS.underReview, STATUS.returned];

export function clocksRepository(db: Db) {
  return {
    /** Holidays, by date; with `year`, that year's only. */
    async holidays(year?: number): Promise<Holiday[]> {
      const rows = await db
        .select()
        .from(holidays)
        .where(year ? and(gte(holidays.day, `${year}-01-01`), lt(holidays.day, `${year + 1}-01-01`)) : undefined)
        .orderBy(asc(holidays.day));
      return rows.map((r) => ({ date: r.day, name_en: r.nameEn, name_my: r.nameMy }));
    },
    async holidaySet(): Promise<Set<string>> {
      return new Set((await db.select({ day: holidays.day }).from(holidays)).map((r) => r.day));
    },
    async findHoliday(date: string): Promise<Holiday | undefined> {
      const [r] = await db.select().from(holidays).where(eq(holidays.day, date));
      return r ? { date: r.day, name_en: r.nameEn, name_my: r.nameMy } : undefined;
    },
    async upsertHoliday(h: Holiday, at: Date): Promise<void> {
      await db
        .insert(holidays)
        .values({ day: h.date, nameEn: h.name_en, nameMy: h.name_my, updatedAt: at })
        .onConflictDoUpdate({ target: holidays.day, set: { nameEn: h.name_en, nameMy: h.name_my, updatedAt: at } });
    },
    async deleteHoliday(date: string): Promise<boolean> {
      return (await db.delete(holidays).where(eq(holidays.day, date)).returning({ d: holidays.day })).length > 0;
    },

    async targets(): Promise<ClockTarget[]> {
      const rows = await db.select().from(clockTargets);
      const order = (step: string) => (CLOCK_STEPS as readonly string[]).indexOf(step);
      rows.sort((a, b) => order(a.step) - order(b.step));
      return rows.map((r) => ({
        step: r.step as ClockStep,
        working_days: r.workingDays,
        remind_days_before: r.remindDaysBefore,
      }));
    },
    async setTarget(t: ClockTarget, at: Date): Promise<void> {
      const values = { workingDays: t.working_days, remindDaysBefore: t.remind_days_before, updatedAt: at };
      await db
        .insert(clockTargets)
        .values({ step: t.step, ...values })
        .onConflictDoUpdate({ target: clockTargets.step, set: values });
    },

    /**
     * The next `limit` waiting registrations after the id `after`, in id order, with their
     * facts: the clock job reads them a page at a time (docs/decisions/123). Read at once, a
     * decade's 60,000 waiting registrations and their 180,000 history rows were mapped and
     * grouped in one stretch that held the event loop for seconds, right as the server began
     * to answer (docs/decisions/119); a page is a few milliseconds of work between awaits.
     */
    async waitingFacts(after: number, limit: number): Promise<ClockFacts[]> {
      const ids = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(inArray(registrations.status, WAITING_STATUSES), gt(registrations.id, after)))
        .orderBy(asc(registrations.id))
        .limit(limit);
      return this.facts(ids.map((r) => r.id));
    },

    /** Registrations waiting on someone; with `ids`, only those. */
    async facts(ids?: number[]): Promise<ClockFacts[]> {
      if (ids && ids.length === 0) return [];
      const waiting = and(
        inArray(registrations.status, WAITING_STATUSES),
        ids ? inArray(registrations.id, ids) : undefined,
      );
      const base = await db
        .select({
          id: registrations.id,
          userId: registrations.userId,
          referenceNumber: registrations.referenceNumber,
          projectName: sql<string | null>`${registrations.data} ->> 'project_name'`,
          status: registrations.status,
          contentSha256: registrations.contentSha256,
        })
        .from(registrations)
        .where(waiting)
        .orderBy(asc(registrations.id));
      if (base.length === 0) return [];
      // The other rows are read by the same condition, not by the ids found: a decade's waiting
      // registrations are tens of thousands of ids, toward what one statement may bind (65,535).
      // A registration that stopped waiting in between has rows here and is not in `base`; one
      // that began waiting in between has none here, and its clock is computed on the next run.
      const found = ids ?? db.select({ id: registrations.id }).from(registrations).where(waiting);
      const [history, counterparts, signatures, extensions] = await Promise.all([
        db
          .select({
            registrationId: registrationStatusHistory.registrationId,
            status: registrationStatusHistory.status,
            at: registrationStatusHistory.createdAt,
          })
          .from(registrationStatusHistory)
          .where(inArray(registrationStatusHistory.registrationId, found))
          .orderBy(asc(registrationStatusHistory.createdAt), asc(registrationStatusHistory.id)),
        db.select().from(registrationCounterparts).where(inArray(registrationCounterparts.registrationId, found)),
        db
          .select()
          .from(registrationCountersignatures)
          .where(inArray(registrationCountersignatures.registrationId, found)),
        this.extensions(found),
      ]);
      // Grouped once by registration: filtering every row list per registration cost
      // registrations × rows, 60,000 × 180,000 comparisons at bench/decade.ts's 1,000,000
      // projects, which held the event loop for the clock job's first run after a start.
      const historyOf = byRegistration(history);
      const counterpartsOf = byRegistration(counterparts);
      const signaturesOf = byRegistration(signatures);
      const extensionsOf = byRegistration(extensions);
      return base.map((r) => ({
        ...r,
        projectName: r.projectName ?? '',
        history: historyOf.get(r.id) ?? [],
        counterparts: counterpartsOf.get(r.id) ?? [],
        countersignatures: signaturesOf.get(r.id) ?? [],
        extensions: extensionsOf.get(r.id) ?? [],
      }));
    },

    /** The registrations among `ids` the account may see: its own, or those naming its e-mail. */
    async visibleTo(ids: number[], user: { id: number; email: string }): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: registrations.id })
        .from(registrations)
        .leftJoin(registrationCounterparts, eq(registrationCounterparts.registrationId, registrations.id))
        .where(
          and(
            inArray(registrations.id, ids),
            sql`(${registrations.userId} = ${user.id} OR ${registrationCounterparts.email} = ${user.email.toLowerCase()})`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** The extensions of the listed registrations (ids, or a query giving them), oldest first. */
    async extensions(registrationIds: number[] | SQLWrapper): Promise<ExtensionRow[]> {
      if (Array.isArray(registrationIds) && registrationIds.length === 0) return [];
      return db
        .select({
          id: clockExtensions.id,
          registrationId: clockExtensions.registrationId,
          step: clockExtensions.step,
          workingDays: clockExtensions.workingDays,
          reason: clockExtensions.reason,
          status: clockExtensions.status,
          requestedBy: clockExtensions.requestedBy,
          requestedAt: clockExtensions.requestedAt,
          decidedBy: clockExtensions.decidedBy,
          decidedAt: clockExtensions.decidedAt,
          requestedByName: users.name,
        })
        .from(clockExtensions)
        .leftJoin(users, eq(users.id, clockExtensions.requestedBy))
        .where(inArray(clockExtensions.registrationId, registrationIds))
        .orderBy(asc(clockExtensions.requestedAt), asc(clockExtensions.id));
    },
    async findExtension(id: number) {
      const [r] = await db.select().from(clockExtensions).where(eq(clockExtensions.id, id));
      return r;
    },
    async addExtension(e: typeof clockExtensions.$inferInsert) {
      const [r] = await db.insert(clockExtensions).values(e).returning();
      return r!;
    },
    /** Decides a requested extension; false when it was decided already (a conditional update). */
    async decideExtension(id: number, status: 'granted' | 'refused', by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(clockExtensions)
        .set({ status, decidedBy: by, decidedAt: at })
        .where(and(eq(clockExtensions.id, id), eq(clockExtensions.status, 'requested')))
        .returning({ id: clockExtensions.id });
      return rows.length > 0;
    },

    /** Active administrators: whom an overdue step is escalated to. */
    async administrators(): Promise<{ name: string; email: string; locale: string }[]> {
      return db
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.status, 'active')))
        .orderBy(asc(users.id));
    },
    /** Contacts by e-mail (counterparts are named by address; some have no account yet). */
    async contactsByEmail(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(inArray(users.email, emails));
    },

    /**
     * Claims one reminder: inserts it with a lease, or takes over one whose lease ran out
     * unsent (its process died). One statement, so two runners never both claim it:
     * ON CONFLICT locks the row and re-checks the condition after the other commits.
     */
    async claimReminder(
      key: { registrationId: number; step: string; kind: string; runKey: string },
      at: Date,
      leaseSeconds = 120,
    ): Promise<number | undefined> {
      const rows = await db.execute(sql`
        INSERT INTO clock_reminders (registration_id, step, kind, run_key, lease_until)
        VALUES (${key.registrationId}, ${key.step}, ${key.kind}, ${key.runKey}, ${new Date(at.getTime() + leaseSeconds * 1000)})
        ON CONFLICT (registration_id, step, kind, run_key) DO UPDATE SET lease_until = EXCLUDED.lease_until
          WHERE clock_reminders.sent_at IS NULL AND clock_reminders.lease_until <= ${at}
        RETURNING id`);
      const [row] = rowsOf<{ id: number | string }>(rows);
      return row ? Number(row.id) : undefined;
    },
    async reminderSent(id: number, at: Date): Promise<void> {
      await db.update(clockReminders).set({ sentAt: at }).where(eq(clockReminders.id, id));
    },
  };
}
