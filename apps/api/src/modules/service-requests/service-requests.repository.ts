import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  serviceRequestReference,
  type ServiceRequestHistoryEntry,
  type ServiceRequestKind,
  type ServiceRequestRecord,
  type ServiceRequestStatus,
} from '@hpbc/shared';
import type { Db } from '../../db/client';
import { rowsWhereIn } from '../../db/rows';
import { eietCompanies, pileCompanies, serviceRequestHistory, serviceRequests } from '../../db/schema/index';

export interface RequestedCompany {
  id: number;
  name: string;
  /** As stored: one address, or two separated by a line break. */
  emailAddress: string;
}

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type NewServiceRequest = typeof serviceRequests.$inferInsert;

export function serviceRequestsRepository(db: Db) {
  return {
    async findCompany(kind: ServiceRequestKind, id: number): Promise<RequestedCompany | undefined> {
      const [row] =
        kind === 'eiet'
          ? await db
              .select({ id: eietCompanies.id, name: eietCompanies.eietName, emailAddress: eietCompanies.emailAddress })
              .from(eietCompanies)
              .where(and(eq(eietCompanies.id, id), isNull(eietCompanies.retiredAt)))
          : await db
              .select({
                id: pileCompanies.id,
                name: pileCompanies.companyName,
                emailAddress: pileCompanies.emailAddress,
              })
              .from(pileCompanies)
              .where(and(eq(pileCompanies.id, id), isNull(pileCompanies.retiredAt)));
      return row;
    },

    /** The request and its first history entry ("new"), together. */
    async insert(row: NewServiceRequest): Promise<ServiceRequestRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(serviceRequests).values(row).returning();
        await tx
          .insert(serviceRequestHistory)
          .values({ serviceRequestId: created!.id, status: 'new', createdAt: created!.createdAt });
        return created!;
      });
    },

    async findById(id: number) {
      const [row] = await selectRecords(db).where(eq(serviceRequests.id, id));
      return (
        row && {
          ...toRecord(row),
          status: row.request.status as ServiceRequestStatus,
          updated_at: row.request.updatedAt.toISOString(),
        }
      );
    },

    /** Every request (the committee's list), newest first; `status` filters. */
    async list(q: { page: number; perPage: number; status?: string }) {
      const where = q.status ? eq(serviceRequests.status, q.status) : undefined;
      return pageOfRequests(db, where, q);
    },
  };
}

/** One page of the requests `where` picks, newest first, and how many there are in all. */
async function pageOfRequests(db: Db, where: SQL | undefined, q: { page: number; perPage: number }) {
  const [rows, [totals]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ total: count() }).from(serviceRequests).where(where),
  ]);
  return { rows: rows.map(withStatus), total: Number(totals?.total ?? 0) };
}

/** Where a company's requests are: the EIET id or the pile company id, by kind. */
export function ofCompany(kind: ServiceRequestKind, companyId: number): SQL {
  return kind === 'eiet'
    ? and(eq(serviceRequests.kind, 'eiet'), eq(serviceRequests.eietId, companyId))!
    : and(eq(serviceRequests.kind, 'pile'), eq(serviceRequests.pileCompanyId, companyId))!;
}

/** A history entry as stored. */
export type ServiceRequestHistoryRow = typeof serviceRequestHistory.$inferSelect;

/** The company inbox's queries (issue 13). `db` may be a transaction. */
export function companyInboxRepository(db: Db) {
  return {
    async list(q: { kind: ServiceRequestKind; companyId: number; status?: string; page: number; perPage: number }) {
      const where = q.status
        ? and(ofCompany(q.kind, q.companyId), eq(serviceRequests.status, q.status))
        : ofCompany(q.kind, q.companyId);
      return pageOfRequests(db, where, q);
    },

    /** One request of the company (undefined for another company's). */
    async find(kind: ServiceRequestKind, companyId: number, id: number) {
      const [row] = await selectRecords(db).where(and(ofCompany(kind, companyId), eq(serviceRequests.id, id)));
      return row && { ...toRecord(row), status: row.request.status, updated_at: row.request.updatedAt.toISOString() };
    },

    /** The sealed tracking token of a request (null for requests from before migration 0015). */
    async sealedTrackingToken(id: number): Promise<string | null> {
      const [row] = await db
        .select({ sealed: serviceRequests.trackingTokenSealed })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, id));
      return row?.sealed ?? null;
    },

    async findByTrackingHash(hash: string) {
      const [row] = await selectRecords(db).where(eq(serviceRequests.trackingTokenHash, hash));
      return row && { ...toRecord(row), status: row.request.status };
    },

    async countByStatus(kind: ServiceRequestKind, companyId: number, status: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(serviceRequests)
        .where(and(ofCompany(kind, companyId), eq(serviceRequests.status, status)));
      return Number(row?.n ?? 0);
    },

    /** Moves the request only if it is still `from` (race-safe), with its history entry; false otherwise. */
    async move(input: { id: number; from: string; to: string; note: string | null; actorId: number; at: Date }) {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(serviceRequests)
          .set({ status: input.to, updatedAt: input.at })
          .where(and(eq(serviceRequests.id, input.id), eq(serviceRequests.status, input.from)))
          .returning({ id: serviceRequests.id });
        if (moved.length === 0) return false;
        await tx.insert(serviceRequestHistory).values({
          serviceRequestId: input.id,
          status: input.to,
          note: input.note,
          actorId: input.actorId,
          createdAt: input.at,
        });
        return true;
      });
    },

    /** The rows, each with its history as answers carry it (oldest first). */
    async withHistory<T extends { id: number }>(rows: T[]): Promise<(T & { history: ServiceRequestHistoryEntry[] })[]> {
      const history = await this.history(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, history: (history.get(r.id) ?? []).map(historyJson) }));
    },

    async history(ids: number[]): Promise<Map<number, ServiceRequestHistoryRow[]>> {
      const map = new Map<number, ServiceRequestHistoryRow[]>(ids.map((id) => [id, []]));
      const rows = await rowsWhereIn(
        db,
        serviceRequestHistory,
        serviceRequestHistory.serviceRequestId,
        ids,
        asc(serviceRequestHistory.createdAt),
        asc(serviceRequestHistory.id),
      );
      for (const r of rows) map.get(r.serviceRequestId)?.push(r);
      return map;
    },
  };
}

/** A history entry as answers carry it. */
export const historyJson = (h: ServiceRequestHistoryRow): ServiceRequestHistoryEntry => ({
  status: h.status as ServiceRequestStatus,
  note: h.note,
  created_at: h.createdAt.toISOString(),
});

/** A listed request: its record (without where the file lies), status and last change. */
function withStatus(r: Parameters<typeof toRecord>[0]) {
  const { cover_letter_path: _path, ...record } = toRecord(r);
  return { ...record, status: r.request.status as ServiceRequestStatus, updated_at: r.request.updatedAt.toISOString() };
}

function selectRecords(db: Db) {
  return db
    .select({
      request: serviceRequests,
      eietName: eietCompanies.eietName,
      pileName: pileCompanies.companyName,
    })
    .from(serviceRequests)
    .leftJoin(eietCompanies, eq(eietCompanies.id, serviceRequests.eietId))
    .leftJoin(pileCompanies, eq(pileCompanies.id, serviceRequests.pileCompanyId))
    .$dynamic();
}

function toRecord(r: {
  request: ServiceRequestRow;
  eietName: string | null;
  pileName: string | null;
}): ServiceRequestRecord & { cover_letter_path: string } {
  const q = r.request;
  return {
    id: q.id,
    reference: serviceRequestReference(q.id),
    kind: q.kind,
    company_id: (q.kind === 'eiet' ? q.eietId : q.pileCompanyId) ?? 0,
    company_label: (q.kind === 'eiet' ? r.eietName : r.pileName) ?? '',
    project_name: q.projectName,
    project_information: q.projectInformation,
    company_name: q.companyName,
    address: q.address,
    company_email: q.companyEmail,
    contact_phone: q.contactPhone,
    cover_letter_name: q.coverLetterName,
    cover_letter_size: q.coverLetterSize,
    cover_letter_sha256: q.coverLetterSha256,
    locale: q.locale,
    created_at: q.createdAt.toISOString(),
    cover_letter_path: q.coverLetterPath,
  };
}
