import { and, asc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrationChildRows, rowsWhereIn } from '../../db/rows';
import { registrationDocuments } from '../../db/schema/index';

export type DocumentRow = typeof registrationDocuments.$inferSelect;
export type NewDocumentRow = typeof registrationDocuments.$inferInsert;

/** Queries of a registration's design documents. `db` may be a transaction. */
export function documentsRepository(db: Db) {
  const ordered = [
    asc(registrationDocuments.discipline),
    asc(registrationDocuments.number),
    asc(registrationDocuments.id),
  ] as const;
  /** A registration's documents that also meet every one of `also`. */
  const ofRegistrationWhere = (registrationId: number, ...also: SQL[]) =>
    db
      .select()
      .from(registrationDocuments)
      .where(and(eq(registrationDocuments.registrationId, registrationId), ...also));
  return {
    /** `insert`, `findById` and `ofRegistration`: every revision, by discipline, then number, then age. */
    ...registrationChildRows(db, registrationDocuments, ...ordered),

    async current(registrationId: number): Promise<DocumentRow[]> {
      return ofRegistrationWhere(registrationId, eq(registrationDocuments.status, 'current')).orderBy(...ordered);
    },

    /** Every revision of one sheet. */
    async revisionsOf(registrationId: number, discipline: string, number: string): Promise<DocumentRow[]> {
      return ofRegistrationWhere(
        registrationId,
        eq(registrationDocuments.discipline, discipline),
        eq(registrationDocuments.number, number),
      ).orderBy(asc(registrationDocuments.id));
    },

    /** Moves a document to `to` when it is still `from` (false when another request moved it first). */
    async setStatus(id: number, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(registrationDocuments)
        .set({ status: to })
        .where(and(eq(registrationDocuments.id, id), eq(registrationDocuments.status, from)))
        .returning({ id: registrationDocuments.id });
      return rows.length === 1;
    },

    async remove(id: number): Promise<void> {
      await db.delete(registrationDocuments).where(eq(registrationDocuments.id, id));
    },

    async setApproved(id: number, copy: { key: string; sha256: string; size: number; at: Date }): Promise<void> {
      await db
        .update(registrationDocuments)
        .set({ approvedKey: copy.key, approvedSha256: copy.sha256, approvedSize: copy.size, approvedAt: copy.at })
        .where(eq(registrationDocuments.id, id));
    },

    /**
     * The approved set of a registration: its current documents with their stamped copies. A
     * revision a change report replaced (issue 30) keeps its copy, found by approvedByHash.
     */
    async approved(registrationId: number): Promise<DocumentRow[]> {
      return ofRegistrationWhere(
        registrationId,
        eq(registrationDocuments.status, 'current'),
        isNotNull(registrationDocuments.approvedKey),
      ).orderBy(...ordered);
    },

    /** An approved document of the registration whose original or stamped copy has this hash. */
    async approvedByHash(registrationId: number, sha256: string): Promise<DocumentRow | undefined> {
      const [row] = await ofRegistrationWhere(
        registrationId,
        isNotNull(registrationDocuments.approvedKey),
        or(eq(registrationDocuments.sha256, sha256), eq(registrationDocuments.approvedSha256, sha256))!,
      ).limit(1);
      return row;
    },

    byIds(ids: number[]): Promise<DocumentRow[]> {
      return rowsWhereIn(db, registrationDocuments, registrationDocuments.id, ids);
    },
  };
}
