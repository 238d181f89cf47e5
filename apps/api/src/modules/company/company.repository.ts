import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eietCompanies, inspections, registrations, users } from '../../db/schema/index';

export type InspectionRow = typeof inspections.$inferSelect & { companyName: string };
export type NewInspection = typeof inspections.$inferInsert;

/** A submitted registration that chose an EIET company, with its owner's contact for mail. */
export interface ChosenRegistration {
  id: number;
  userId: number;
  referenceNumber: string | null;
  projectName: string | null;
  /** The site's address as Form One gives it (the calendar's LOCATION). */
  projectLocation: string | null;
  status: string;
  submittedAt: Date | null;
  ownerName: string;
  ownerEmail: string;
  ownerLocale: string;
}

const chosenColumns = {
  id: registrations.id,
  userId: registrations.userId,
  referenceNumber: registrations.referenceNumber,
  projectName: sql<string | null>`${registrations.data} ->> 'project_name'`,
  projectLocation: sql<string | null>`${registrations.data} ->> 'project_location'`,
  status: registrations.status,
  submittedAt: registrations.submittedAt,
  ownerName: users.name,
  ownerEmail: users.email,
  ownerLocale: users.locale,
};
const chose = (companyId: number) =>
  and(isNotNull(registrations.submittedAt), sql`${registrations.data} ->> 'eiet_company_id' = ${String(companyId)}`);

/** A company's inspections still scheduled from `from` (and before `to`). */
const upcomingOf = (companyId: number, from: Date, to?: Date) =>
  and(
    eq(inspections.eietCompanyId, companyId),
    eq(inspections.status, 'scheduled'),
    gte(inspections.scheduledFor, from),
    to ? lt(inspections.scheduledFor, to) : undefined,
  );

const inspectionColumns = { inspection: inspections, companyName: eietCompanies.eietName };
const toRow = (r: { inspection: typeof inspections.$inferSelect; companyName: string }): InspectionRow => ({
  ...r.inspection,
  companyName: r.companyName,
});

/** The EIET work area's queries: registrations that chose a company, inspections, calendar tokens. `db` may be a transaction. */
export function companyRepository(db: Db) {
  const selectInspections = () =>
    db
      .select(inspectionColumns)
      .from(inspections)
      .innerJoin(eietCompanies, eq(eietCompanies.id, inspections.eietCompanyId))
      .$dynamic();

  return {
    /** Newest submission first. */
    async registrationsChoosing(companyId: number): Promise<ChosenRegistration[]> {
      return (await db
        .select(chosenColumns)
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(chose(companyId))
        .orderBy(desc(registrations.submittedAt), desc(registrations.id))) as ChosenRegistration[];
    },

    /** The registration if it is submitted and chose the company; undefined otherwise. */
    async registrationChoosing(companyId: number, id: number): Promise<ChosenRegistration | undefined> {
      const [row] = await db
        .select(chosenColumns)
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(and(eq(registrations.id, id), chose(companyId)));
      return row as ChosenRegistration | undefined;
    },

    /** Any registration with its owner's contact (for the inspection mails). */
    async registrationWithOwner(id: number): Promise<ChosenRegistration | undefined> {
      const [row] = await db
        .select(chosenColumns)
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(eq(registrations.id, id));
      return row as ChosenRegistration | undefined;
    },

    async insertInspection(row: NewInspection): Promise<InspectionRow> {
      const [created] = await db.insert(inspections).values(row).returning();
      return (await this.findInspection(created!.id))!;
    },

    async findInspection(id: number): Promise<InspectionRow | undefined> {
      const [row] = await selectInspections().where(eq(inspections.id, id));
      return row && toRow(row);
    },

    /**
     * Changes the inspection only while it is still scheduled (race-safe); undefined when it no
     * longer is. Every change counts up its calendar SEQUENCE (`company.calendar.ts`).
     */
    async updateScheduled(id: number, patch: Partial<NewInspection>): Promise<InspectionRow | undefined> {
      const updated = await db
        .update(inspections)
        .set({ ...patch, sequence: sql`${inspections.sequence} + 1` })
        .where(and(eq(inspections.id, id), eq(inspections.status, 'scheduled')))
        .returning({ id: inspections.id });
      return updated.length ? this.findInspection(id) : undefined;
    },

    /** Every inspection of the registrations, in date order. */
    async inspectionsOf(registrationIds: number[]): Promise<InspectionRow[]> {
      if (registrationIds.length === 0) return [];
      const rows = await selectInspections()
        .where(inArray(inspections.registrationId, registrationIds))
        .orderBy(asc(inspections.scheduledFor), asc(inspections.id));
      return rows.map(toRow);
    },

    /** The company's scheduled inspections from `from` (and before `to`), soonest first. */
    async upcoming(companyId: number, from: Date, to?: Date): Promise<InspectionRow[]> {
      const rows = await selectInspections()
        .where(upcomingOf(companyId, from, to))
        .orderBy(asc(inspections.scheduledFor), asc(inspections.id));
      return rows.map(toRow);
    },

    async countUpcoming(companyId: number, from: Date, to?: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inspections)
        .where(upcomingOf(companyId, from, to));
      return Number(row?.n ?? 0);
    },

    async setCalendarTokenHash(userId: number, hash: string): Promise<void> {
      await db.update(users).set({ calendarTokenHash: hash }).where(eq(users.id, userId));
    },

    /** The active account whose calendar address carries this token, with its EIET company. */
    async calendarOwner(hash: string) {
      const [row] = await db
        .select({ id: users.id, status: users.status, eietCompanyId: users.eietCompanyId, locale: users.locale })
        .from(users)
        .where(eq(users.calendarTokenHash, hash));
      return row;
    },
  };
}
