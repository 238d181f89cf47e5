import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { serviceRequestReference, type ServiceRequestKind, type ServiceRequestRecord } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { eietCompanies, pileCompanies, serviceRequests } from '../../db/schema/index';

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

    async insert(row: NewServiceRequest): Promise<ServiceRequestRow> {
      const [created] = await db.insert(serviceRequests).values(row).returning();
      return created!;
    },

    async findById(id: number): Promise<(ServiceRequestRecord & { cover_letter_path: string }) | undefined> {
      const [row] = await selectRecords(db).where(eq(serviceRequests.id, id));
      return row && toRecord(row);
    },

    async list(page: number, perPage: number): Promise<{ rows: ServiceRequestRecord[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        selectRecords(db)
          .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(serviceRequests),
      ]);
      return {
        rows: rows.map((r) => {
          const { cover_letter_path: _path, ...record } = toRecord(r);
          return record;
        }),
        total: Number(totals?.total ?? 0),
      };
    },
  };
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
