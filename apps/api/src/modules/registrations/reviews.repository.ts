import { and, asc, desc, eq, exists, getTableColumns, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../../db/client';
import {
  libraryDocuments,
  projects,
  registrationComments,
  registrationCounterparts,
  registrationCountersignatures,
  registrationDocuments,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  stepUpProofs,
  users,
} from '../../db/schema/index';
import type { RoundDocument } from '../../db/schema/registrations';
import { rowsFromJson } from '../../db/rows';
import { registrationSummaryColumns } from './registrations.repository';

export type RoundRow = typeof registrationRounds.$inferSelect;
export type CommentRow = typeof registrationComments.$inferSelect;
export type CountersignatureRow = typeof registrationCountersignatures.$inferSelect;
export type CounterpartRow = typeof registrationCounterparts.$inferSelect;
export interface CommentPin {
  documentId: number | null;
  page: number | null;
  x: number | null;
  y: number | null;
  clause: { libraryId: number; page: number } | null;
}

/** Queries of the counterparts' review and the committee's publication. `db` may be a transaction. */
export function reviewsRepository(db: Db) {
  return {
    /** The newest two rounds, newest first. */
    async lastRounds(registrationId: number): Promise<RoundRow[]> {
      return db
        .select()
        .from(registrationRounds)
        .where(eq(registrationRounds.registrationId, registrationId))
        .orderBy(desc(registrationRounds.round))
        .limit(2);
    },

    async currentRound(registrationId: number): Promise<number> {
      const [row] = await db
        .select({ n: max(registrationRounds.round) })
        .from(registrationRounds)
        .where(eq(registrationRounds.registrationId, registrationId));
      return Number(row?.n ?? 0);
    },

    async addRound(input: {
      registrationId: number;
      data: Record<string, unknown>;
      documents: RoundDocument[];
      contentSha256: string;
      now: Date;
    }): Promise<number> {
      const round = (await this.currentRound(input.registrationId)) + 1;
      await db.insert(registrationRounds).values({
        registrationId: input.registrationId,
        round,
        data: input.data,
        documents: input.documents,
        contentSha256: input.contentSha256,
        submittedAt: input.now,
      });
      return round;
    },

    /** Replaces who the registration names (on each submission). */
    async setCounterparts(registrationId: number, named: { discipline: string; email: string }[]): Promise<void> {
      const before = await this.counterparts(registrationId);
      const invited = new Map(before.map((c) => [`${c.discipline}:${c.email}`, c.invitedAt]));
      await db.delete(registrationCounterparts).where(eq(registrationCounterparts.registrationId, registrationId));
      if (named.length) {
        await db.insert(registrationCounterparts).values(
          named.map((n) => ({
            registrationId,
            discipline: n.discipline,
            email: n.email,
            invitedAt: invited.get(`${n.discipline}:${n.email}`) ?? null,
          })),
        );
      }
    },

    async counterparts(registrationId: number): Promise<CounterpartRow[]> {
      return db
        .select()
        .from(registrationCounterparts)
        .where(eq(registrationCounterparts.registrationId, registrationId));
    },

    async markInvited(registrationId: number, discipline: string, now: Date): Promise<void> {
      await db
        .update(registrationCounterparts)
        .set({ invitedAt: now })
        .where(
          and(
            eq(registrationCounterparts.registrationId, registrationId),
            eq(registrationCounterparts.discipline, discipline),
          ),
        );
    },

    /** Verified, active accounts with the counterpart role among these addresses (lower-cased). */
    async counterpartAccounts(
      emails: string[],
    ): Promise<{ id: number; email: string; name: string; locale: string }[]> {
      if (emails.length === 0) return [];
      const rows = await db.execute(sql`
        SELECT u.id, lower(u.email) AS email, u.name, u.locale
        FROM users u
        JOIN user_roles ur ON ur.user_id = u.id
        JOIN roles r ON r.id = ur.role_id AND r.slug = 'national-counterpart'
        WHERE lower(u.email) IN (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )}) AND u.email_verified_at IS NOT NULL AND u.status = 'active'`);
      return rowsOf(rows);
    },

    /** Whether any account at all uses this address (to decide on an invitation). */
    async accountExists(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return !!row;
    },

    /** Every submitted (not draft, not rejected) registration naming `email`, with the disciplines. */
    async namingEmail(email: string) {
      const rows = await db
        .select({
          ...registrationSummaryColumns,
          contentSha256: registrations.contentSha256,
          discipline: registrationCounterparts.discipline,
          // When a registration returned for changes was returned (as lastStatusAt), read here
          // rather than once per such registration (issue 31).
          returnedAt: sql<Date | null>`CASE WHEN ${registrations}."status" = ${STATUS.returned} THEN (
              SELECT h.created_at FROM ${registrationStatusHistory} h
               WHERE h.registration_id = ${registrations}."id" AND h.status = ${STATUS.returned}
               ORDER BY h.created_at DESC, h.id DESC LIMIT 1) END`.mapWith(registrationStatusHistory.createdAt),
        })
        .from(registrationCounterparts)
        .innerJoin(registrations, eq(registrations.id, registrationCounterparts.registrationId))
        .where(
          and(
            eq(registrationCounterparts.email, email.toLowerCase()),
            ne(registrations.status, STATUS.draft),
            ne(registrations.status, STATUS.rejected),
          ),
        )
        .orderBy(asc(registrations.id));
      return rows;
    },

    async comment(registrationId: number, id: number): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(registrationComments)
        .where(and(eq(registrationComments.registrationId, registrationId), eq(registrationComments.id, id)));
      return row;
    },

    /** Marks a comment resolved (once); answers the row as it is now. */
    async resolveComment(id: number, at: Date): Promise<CommentRow | undefined> {
      await db
        .update(registrationComments)
        .set({ resolvedAt: at })
        .where(and(eq(registrationComments.id, id), isNull(registrationComments.resolvedAt)));
      const [row] = await db.select().from(registrationComments).where(eq(registrationComments.id, id));
      return row;
    },

    /** The submitter's answer to a comment (replacing an earlier one of the same round). */
    async answerComment(id: number, answer: string, at: Date): Promise<CommentRow | undefined> {
      const [row] = await db
        .update(registrationComments)
        .set({ answer, answeredAt: at })
        .where(eq(registrationComments.id, id))
        .returning();
      return row;
    },

    /** A volume of the library a comment may cite, with its page count (0 until indexed). */
    async libraryVolume(id: number): Promise<{ id: number; pageCount: number } | undefined> {
      const [row] = await db
        .select({ id: libraryDocuments.id, pageCount: libraryDocuments.pageCount })
        .from(libraryDocuments)
        .where(eq(libraryDocuments.id, id));
      return row;
    },

    async comments(registrationId: number): Promise<CommentRow[]> {
      return db
        .select()
        .from(registrationComments)
        .where(eq(registrationComments.registrationId, registrationId))
        .orderBy(asc(registrationComments.createdAt), asc(registrationComments.id));
    },

    /** The field comments of the current round (what a return for changes is about), oldest first. */
    async roundComments(registrationId: number): Promise<{ field: string | null; text: string }[]> {
      const round = await this.currentRound(registrationId);
      return (await this.comments(registrationId))
        .filter((c) => c.round === round)
        .map((c) => ({ field: c.field, text: c.text }));
    },

    async addComments(
      rows: {
        registrationId: number;
        round: number;
        discipline: string;
        field: string | null;
        text: string;
        authorId: number;
        authorName: string;
        now: Date;
        /** A pin on a document's page and a cited clause (docs/api.md "Documents of a registration"). */
        pin?: CommentPin;
      }[],
    ): Promise<CommentRow[]> {
      return db
        .insert(registrationComments)
        .values(
          rows.map((r) => ({
            registrationId: r.registrationId,
            round: r.round,
            discipline: r.discipline,
            field: r.field,
            text: r.text,
            authorId: r.authorId,
            authorName: r.authorName,
            createdAt: r.now,
            documentId: r.pin?.documentId ?? null,
            page: r.pin?.page ?? null,
            x: r.pin?.x ?? null,
            y: r.pin?.y ?? null,
            clauseLibraryId: r.pin?.clause?.libraryId ?? null,
            clausePage: r.pin?.clause?.page ?? null,
          })),
        )
        .returning();
    },

    async countersignatures(registrationIds: number[]): Promise<CountersignatureRow[]> {
      if (registrationIds.length === 0) return [];
      return db
        .select()
        .from(registrationCountersignatures)
        .where(inArray(registrationCountersignatures.registrationId, registrationIds))
        .orderBy(asc(registrationCountersignatures.signedAt), asc(registrationCountersignatures.id));
    },

    /** A discipline has one countersignature: giving it again (on new content) replaces the old one. */
    async countersign(input: {
      registrationId: number;
      discipline: string;
      userId: number;
      name: string;
      license: string;
      round: number;
      contentSha256: string;
      now: Date;
    }): Promise<CountersignatureRow> {
      const values = {
        registrationId: input.registrationId,
        discipline: input.discipline,
        userId: input.userId,
        name: input.name,
        license: input.license,
        round: input.round,
        contentSha256: input.contentSha256,
        signedAt: input.now,
      };
      const [row] = await db
        .insert(registrationCountersignatures)
        .values(values)
        .onConflictDoUpdate({
          target: [registrationCountersignatures.registrationId, registrationCountersignatures.discipline],
          set: values,
        })
        .returning();
      return row!;
    },

    /**
     * Removes `userId`'s countersignature for a discipline, only while the registration is
     * still in `reviewable` (one statement, so a decision made a moment ago wins). The
     * removed row, or undefined.
     */
    async withdrawCountersignature(input: {
      registrationId: number;
      discipline: string;
      userId: number;
      reviewable: readonly string[];
    }): Promise<CountersignatureRow | undefined> {
      const [row] = await db
        .delete(registrationCountersignatures)
        .where(
          and(
            eq(registrationCountersignatures.registrationId, input.registrationId),
            eq(registrationCountersignatures.discipline, input.discipline),
            eq(registrationCountersignatures.userId, input.userId),
            exists(
              db
                .select({ id: registrations.id })
                .from(registrations)
                .where(
                  and(eq(registrations.id, input.registrationId), inArray(registrations.status, [...input.reviewable])),
                ),
            ),
          ),
        )
        .returning();
      return row;
    },

    /** When the registration's status last moved to one of `statuses`. */
    async lastStatusAt(registrationId: number, statuses: string[]): Promise<Date | null> {
      const [row] = await db
        .select({ at: registrationStatusHistory.createdAt })
        .from(registrationStatusHistory)
        .where(
          and(
            eq(registrationStatusHistory.registrationId, registrationId),
            inArray(registrationStatusHistory.status, statuses),
          ),
        )
        .orderBy(desc(registrationStatusHistory.createdAt), desc(registrationStatusHistory.id))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * A new entry of the public project list with the next RN number. The table lock keeps
     * two approvals at once from taking the same number.
     */
    async publishProject(input: {
      projectName: string;
      developer: string;
      basement: number;
      storey: number;
      buildingHeight: number | null;
      location: string;
      region: string;
      state: string;
      now: Date;
    }): Promise<{ id: number; rnNumber: number }> {
      await db.execute(sql`LOCK TABLE projects IN SHARE ROW EXCLUSIVE MODE`);
      const [next] = await db.select({ n: max(projects.rnNumber) }).from(projects);
      const [row] = await db
        .insert(projects)
        .values({
          rnNumber: Number(next?.n ?? 0) + 1,
          projectName: input.projectName,
          developer: input.developer,
          status: 'Active',
          basement: input.basement,
          storey: input.storey,
          buildingHeight: input.buildingHeight,
          location: input.location,
          region: input.region,
          state: input.state,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: projects.id, rnNumber: projects.rnNumber });
      return row!;
    },

    async setContentHash(registrationId: number, hash: string): Promise<void> {
      await db.update(registrations).set({ contentSha256: hash }).where(eq(registrations.id, registrationId));
    },

    async linkProject(registrationId: number, projectId: number): Promise<void> {
      await db.update(registrations).set({ projectId }).where(eq(registrations.id, registrationId));
    },

    /** The registration, locked until the transaction ends: a countersignature is given on exactly this content. */
    async lockForSigning(registrationId: number) {
      const [row] = await db.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
      return row;
    },

    /**
     * What GET /api/verify/{reference} shows, in one statement (issue 31: six queries before):
     * the registration with this reference, its newest round, its countersignatures (oldest
     * first), when it was last approved or rejected, its current documents with an approved
     * copy (by discipline, then number), and the used second-factor proofs of its
     * countersignatures and decisions (newest first). Lists come as JSON (db/rows.ts).
     */
    async findForVerification(reference: string) {
      // Named with its table (as in registrationsRepository.findWithChildren).
      const r = { id: sql`${registrations}."id"` };
      const [found] = await db
        .select({
          row: getTableColumns(registrations),
          rounds: sql<unknown>`(SELECT coalesce(json_agg(x), '[]'::json) FROM (
              SELECT * FROM ${registrationRounds} WHERE registration_id = ${r.id} ORDER BY round DESC LIMIT 1) x)`,
          countersignatures: sql<unknown>`(SELECT coalesce(json_agg(s ORDER BY s.signed_at, s.id), '[]'::json)
              FROM ${registrationCountersignatures} s WHERE s.registration_id = ${r.id})`,
          decidedAt: sql<Date | null>`(SELECT h.created_at FROM ${registrationStatusHistory} h
              WHERE h.registration_id = ${r.id} AND h.status IN (${STATUS.approved}, ${STATUS.rejected})
              ORDER BY h.created_at DESC, h.id DESC LIMIT 1)`.mapWith(registrationStatusHistory.createdAt),
          approvedDocuments: sql<unknown>`(SELECT coalesce(json_agg(d ORDER BY d.discipline, d.number, d.id), '[]'::json)
              FROM ${registrationDocuments} d
              WHERE d.registration_id = ${r.id} AND d.status = 'current' AND d.approved_key IS NOT NULL)`,
          proofs: sql<unknown>`(SELECT coalesce(json_agg(p ORDER BY p.used_at DESC), '[]'::json)
              FROM ${stepUpProofs} p
              WHERE p.act_kind IN ('countersign', 'decision') AND p.act_record_id = ${r.id} AND p.used_at IS NOT NULL)`,
        })
        .from(registrations)
        .where(eq(registrations.referenceNumber, reference))
        .limit(1);
      if (!found) return undefined;
      return {
        row: found.row,
        lastRound: rowsFromJson(registrationRounds, found.rounds)[0],
        countersignatures: rowsFromJson(registrationCountersignatures, found.countersignatures),
        decidedAt: found.decidedAt ?? null,
        approvedDocuments: rowsFromJson(registrationDocuments, found.approvedDocuments),
        proofs: rowsFromJson(stepUpProofs, found.proofs),
      };
    },

    async findByReference(reference: string) {
      const [row] = await db.select().from(registrations).where(eq(registrations.referenceNumber, reference)).limit(1);
      return row;
    },

    /** Counts for the status chips: reviews awaiting `email`, and the owner's registrations returned to them. */
    async returnedCount(userId: number): Promise<number> {
      const rows = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.userId, userId), eq(registrations.status, STATUS.returned)));
      return rows.length;
    },
  };
}
export type ReviewsRepository = ReturnType<typeof reviewsRepository>;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
