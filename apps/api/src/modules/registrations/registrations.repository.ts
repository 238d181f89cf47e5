import { and, asc, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { OWNER_EDITABLE_STATUSES, type FormOneData } from '@hpbc/shared/form-one';
import { STATUS, type RegistrationStatus } from '@hpbc/shared/registration-workflow';
import type { Db } from '../../db/client';
import { rowCount } from '../../lib/row-counts';
import { rowsFromJson } from '../../db/rows';
import {
  changeReports,
  inspections,
  presentations,
  registrationComments,
  registrationCountersignatures,
  registrationDocuments,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  stageNotices,
  users,
} from '../../db/schema/index';

export type RegistrationRow = typeof registrations.$inferSelect;
/** What a submission writes with its status (registrations.move.ts). */
export type MoveColumns = Partial<Pick<RegistrationRow, 'data' | 'referenceNumber' | 'submittedAt' | 'currentStep'>>;
/** A status change with the name of the account that made it (null once that account is gone). */
export type HistoryRow = typeof registrationStatusHistory.$inferSelect & { actorName: string | null };

/**
 * A registration with the child rows every answer about it shows (its owner's and the
 * committee's `GET /api/registrations/{id}`, the counterpart's `GET /api/reviews/{id}`), read
 * in one statement; of the tables most registrations have no rows in, only whether it has any.
 */
export interface RegistrationRead {
  row: RegistrationRow;
  history: HistoryRow[];
  /** The newest two rounds, newest first (as reviewsRepository.lastRounds). */
  rounds: (typeof registrationRounds.$inferSelect)[];
  /** Oldest first (as reviewsRepository.comments). */
  comments: (typeof registrationComments.$inferSelect)[];
  /** Oldest first (as reviewsRepository.countersignatures). */
  countersignatures: (typeof registrationCountersignatures.$inferSelect)[];
  /** The current documents, by discipline, then number (as documentsRepository.current). */
  currentDocuments: (typeof registrationDocuments.$inferSelect)[];
  has: { changeReports: boolean; presentations: boolean; inspections: boolean; stageNotices: boolean };
}

/**
 * The columns a list needs (the owner's, the committee's, the counterpart's in
 * reviews.repository.ts): the project name comes out of the JSON, not the whole form.
 */
export const registrationSummaryColumns = {
  id: registrations.id,
  userId: registrations.userId,
  referenceNumber: registrations.referenceNumber,
  status: registrations.status,
  currentStep: registrations.currentStep,
  projectName: sql<string | null>`${registrations.data} ->> 'project_name'`,
  submittedAt: registrations.submittedAt,
  createdAt: registrations.createdAt,
  updatedAt: registrations.updatedAt,
};
export type RegistrationSummaryRow = {
  id: number;
  userId: number;
  referenceNumber: string | null;
  status: string;
  currentStep: number;
  projectName: string | null;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Queries only. `db` may be a transaction. */
export function registrationsRepository(db: Db) {
  return {
    async create(input: {
      userId: number;
      data: FormOneData;
      currentStep: number;
      now: Date;
    }): Promise<RegistrationRow> {
      const [row] = await db
        .insert(registrations)
        .values({
          userId: input.userId,
          data: input.data,
          currentStep: input.currentStep,
          status: STATUS.draft,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      return row!;
    },

    async findById(id: number): Promise<RegistrationRow | undefined> {
      const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1);
      return row;
    },

    /**
     * The registration and its child rows in one statement (issue 31: ten queries before, one
     * per table). Each list is the JSON of its rows in the order its own repository reads them,
     * made into the same row objects (db/rows.ts rowsFromJson).
     */
    async findWithChildren(id: number): Promise<RegistrationRead | undefined> {
      // The registration's id, named with its table: Drizzle writes a column of a one-table
      // select without it, and inside these subqueries "id" would be the child table's.
      const r = { id: sql`${registrations}."id"` };
      const [found] = await db
        .select({
          row: getTableColumns(registrations),
          history: sql<unknown>`(SELECT coalesce(json_agg(h ORDER BY h.created_at, h.id), '[]'::json) FROM (
              SELECT h.*, u.name AS actor_name FROM ${registrationStatusHistory} h
                LEFT JOIN ${users} u ON u.id = h.actor_id WHERE h.registration_id = ${r.id}) h)`,
          rounds: sql<unknown>`(SELECT coalesce(json_agg(x ORDER BY x.round DESC), '[]'::json) FROM (
              SELECT * FROM ${registrationRounds} WHERE registration_id = ${r.id} ORDER BY round DESC LIMIT 2) x)`,
          comments: sql<unknown>`(SELECT coalesce(json_agg(c ORDER BY c.created_at, c.id), '[]'::json)
              FROM ${registrationComments} c WHERE c.registration_id = ${r.id})`,
          countersignatures: sql<unknown>`(SELECT coalesce(json_agg(s ORDER BY s.signed_at, s.id), '[]'::json)
              FROM ${registrationCountersignatures} s WHERE s.registration_id = ${r.id})`,
          currentDocuments: sql<unknown>`(SELECT coalesce(json_agg(d ORDER BY d.discipline, d.number, d.id), '[]'::json)
              FROM ${registrationDocuments} d WHERE d.registration_id = ${r.id} AND d.status = 'current')`,
          changeReports: sql<boolean>`EXISTS (SELECT 1 FROM ${changeReports} WHERE registration_id = ${r.id})`,
          presentations: sql<boolean>`EXISTS (SELECT 1 FROM ${presentations} WHERE registration_id = ${r.id})`,
          inspections: sql<boolean>`EXISTS (SELECT 1 FROM ${inspections} WHERE registration_id = ${r.id})`,
          stageNotices: sql<boolean>`EXISTS (SELECT 1 FROM ${stageNotices} WHERE registration_id = ${r.id})`,
        })
        .from(registrations)
        .where(eq(registrations.id, id))
        .limit(1);
      if (!found) return undefined;
      const history = jsonList(found.history);
      return {
        row: found.row,
        history: rowsFromJson(registrationStatusHistory, history).map((h, i) => ({
          ...h,
          actorName: (history[i]!.actor_name ?? null) as string | null,
        })),
        rounds: rowsFromJson(registrationRounds, found.rounds),
        comments: rowsFromJson(registrationComments, found.comments),
        countersignatures: rowsFromJson(registrationCountersignatures, found.countersignatures),
        currentDocuments: rowsFromJson(registrationDocuments, found.currentDocuments),
        has: {
          changeReports: found.changeReports === true,
          presentations: found.presentations === true,
          inspections: found.inspections === true,
          stageNotices: found.stageNotices === true,
        },
      };
    },

    /** Newest first: the one started last leads. */
    async listByUser(userId: number): Promise<RegistrationSummaryRow[]> {
      return (await db
        .select(registrationSummaryColumns)
        .from(registrations)
        .where(eq(registrations.userId, userId))
        .orderBy(desc(registrations.createdAt), desc(registrations.id))) as RegistrationSummaryRow[];
    },

    async countDrafts(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(registrations)
        .where(and(eq(registrations.userId, userId), eq(registrations.status, STATUS.draft)));
      return Number(row?.n ?? 0);
    },

    /**
     * Saves only while the owner may edit it (a draft, or returned for changes), and, with
     * `ownerId`, only when that account owns it; undefined otherwise. Answers the list's
     * columns, not the form again (issue 31: the answer of a save is its summary).
     */
    async saveDraft(input: {
      id: number;
      ownerId?: number;
      data: FormOneData;
      currentStep: number | undefined;
      now: Date;
    }): Promise<RegistrationSummaryRow | undefined> {
      const [row] = await db
        .update(registrations)
        .set({
          data: input.data,
          ...(input.currentStep !== undefined ? { currentStep: input.currentStep } : {}),
          updatedAt: input.now,
        })
        .where(
          and(
            eq(registrations.id, input.id),
            inArray(registrations.status, [...OWNER_EDITABLE_STATUSES]),
            input.ownerId !== undefined ? eq(registrations.userId, input.ownerId) : undefined,
          ),
        )
        .returning(registrationSummaryColumns);
      return row as RegistrationSummaryRow | undefined;
    },

    /**
     * Moves a registration from `from` to `to` and records who did it. The WHERE on the old
     * status makes two people acting at once change it only once (a second, concurrent submit
     * can neither renumber nor mail twice); undefined for the loser. Only through
     * moveRegistration (registrations.move.ts), inside a transaction, with its audit entry.
     */
    async changeStatus(input: {
      id: number;
      from: RegistrationStatus;
      to: RegistrationStatus;
      note: string | null;
      actorId: number | null;
      now: Date;
      /** Columns that change with the status (a submission's answers, reference number and time). */
      set?: MoveColumns;
    }): Promise<RegistrationRow | undefined> {
      const [row] = await db
        .update(registrations)
        .set({ ...input.set, status: input.to, updatedAt: input.now })
        .where(and(eq(registrations.id, input.id), eq(registrations.status, input.from)))
        .returning();
      if (!row) return undefined;
      await db.insert(registrationStatusHistory).values({
        registrationId: input.id,
        status: input.to,
        note: input.note,
        actorId: input.actorId,
        createdAt: input.now,
      });
      return row;
    },

    async deleteDraft(id: number): Promise<boolean> {
      const rows = await db
        .delete(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.status, STATUS.draft)))
        .returning({ id: registrations.id });
      return rows.length > 0;
    },

    async history(registrationId: number): Promise<HistoryRow[]> {
      return db
        .select({ ...getTableColumns(registrationStatusHistory), actorName: users.name })
        .from(registrationStatusHistory)
        .leftJoin(users, eq(users.id, registrationStatusHistory.actorId))
        .where(eq(registrationStatusHistory.registrationId, registrationId))
        .orderBy(asc(registrationStatusHistory.createdAt), asc(registrationStatusHistory.id));
    },

    /**
     * Every registration that is not a draft, newest submission first (for administrators):
     * `status` filters, `search` finds the reference, project name or submitter (name or
     * e-mail) anywhere in the text, ignoring case. Without `perPage`, every matching row
     * (the CSV). Each row carries its data (for the countersignatures it names) and when it
     * was last (re)submitted, i.e. since when the reviewers hold it (its last "Submitted"
     * history entry: a counterpart's first look moves it on to Under Review, but the
     * submitter is still waiting for the same decision).
     */
    async listSubmitted(opts: { page?: number; perPage?: number; status?: string; search?: string }) {
      const byStatus = opts.status ? eq(registrations.status, opts.status) : ne(registrations.status, STATUS.draft);
      const where = opts.search ? and(byStatus, matches(opts.search)) : byStatus;
      const columns = {
        ...registrationSummaryColumns,
        ownerName: users.name,
        ownerEmail: users.email,
        data: registrations.data,
        statusSince: sql<
          string | null
        >`(select max(h.created_at) from ${registrationStatusHistory} h where h.registration_id = ${registrations.id} and h.status = ${STATUS.submitted})`,
      };
      type Row = RegistrationSummaryRow & {
        ownerName: string;
        ownerEmail: string;
        data: Record<string, unknown>;
        statusSince: string | Date | null;
      };
      const page = opts.page ?? 1;
      const countOf = async (condition: SQL | undefined) =>
        Number(
          (
            await db
              .select({ n: count() })
              .from(registrations)
              .innerJoin(users, eq(users.id, registrations.userId))
              .where(condition)
          )[0]?.n ?? 0,
        );
      if (opts.search && opts.perPage) {
        // A page of a search and its total from one statement: the matches are found once (a
        // CTE read twice is materialized), not by the count and again by the page, each
        // reading the trigram indexes (docs/decisions/127).
        const found = db
          .$with('found')
          .as(
            db
              .select({ id: registrations.id })
              .from(registrations)
              .innerJoin(users, eq(users.id, registrations.userId))
              .where(where),
          );
        const rows = await db
          .with(found)
          .select({ ...columns, total: sql<number | string>`(select count(*) from ${found})` })
          .from(registrations)
          .innerJoin(users, eq(users.id, registrations.userId))
          .where(inArray(registrations.id, db.select({ id: found.id }).from(found)))
          .orderBy(desc(registrations.submittedAt), desc(registrations.id))
          .limit(opts.perPage)
          .offset((page - 1) * opts.perPage);
        // A page past the last has no row to carry the total.
        const total = rows[0] ? Number(rows[0].total) : page === 1 ? 0 : await countOf(where);
        return { rows: rows.map(({ total: _total, ...row }) => row as Row), total };
      }
      // Without a search the total is the kept count per status (migration 0027), not a count
      // of every registration for each page (issue 31; docs/decisions/109).
      const total = opts.search
        ? await countOf(where)
        : await rowCount(db, 'registrations', opts.status ? { only: [opts.status] } : { except: [STATUS.draft] });
      const query = db
        .select(columns)
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(where)
        .orderBy(desc(registrations.submittedAt), desc(registrations.id))
        .$dynamic();
      const rows = (await (opts.perPage
        ? query.limit(opts.perPage).offset((page - 1) * opts.perPage)
        : query)) as Row[];
      return { rows, total };
    },
  };
}
export type RegistrationsRepository = ReturnType<typeof registrationsRepository>;

const jsonList = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<string, unknown>[];

/** `%` and `_` typed into a search are themselves, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin list's search: reference, project name, submitter's name or e-mail (ignoring case).
 * A union of the three, so that each is found through its trigram index (migration 0027)
 * rather than by reading every registration with its submitter (docs/decisions/109). The
 * submitters through `accounts_matching` (migration 0030): the planner would read every
 * account, lowercasing each name and e-mail, rather than their indexes (docs/decisions/127).
 */
function matches(search: string) {
  const pattern = likeText(search);
  return sql`${registrations.id} IN (
    SELECT r.id FROM ${registrations} r WHERE coalesce(r.reference_number, '') ILIKE ${pattern}
    UNION SELECT r.id FROM ${registrations} r WHERE coalesce(r.data ->> 'project_name', '') ILIKE ${pattern}
    UNION SELECT r.id FROM ${registrations} r WHERE r.user_id IN (SELECT accounts_matching(${pattern})))`;
}
