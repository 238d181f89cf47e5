import { recordAudit } from '../audit/audit.repository';
import { messageCode, rule, toMyanmarDigits, type Locale, type UserStatus } from '@hpbc/shared';
import {
  DISCIPLINES,
  REVIEW_OVERDUE_DAYS,
  appearsAsOtherParty,
  fieldDiscipline,
  counterpartLicenseField,
  type countersignSchema,
  type requestChangesSchema,
  type reviewCommentSchema,
  type Countersignature,
  type Discipline,
  type ReviewComment,
  type ReviewListItem,
  type ReviewState,
  type ReviewedRegistration,
} from '@hpbc/shared/counterpart-review';
import { COUNTERPART_REVIEWABLE, STATUS, canTransition } from '@hpbc/shared/registration-workflow';
import type { z } from 'zod';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction, type Db } from '../../db/client';
import { HttpError, ValidationError, forbidden, notFound } from '../../lib/http-errors';
import { accountsRepository } from '../accounts/accounts.repository';
import { answerData, currentHashOf, reviewParts, toComment, toCountersignature } from './reviews.core';
import { changesRequestedMail, countersignedMail } from './reviews.mail';
import { reviewsRepository, type CommentPin } from './reviews.repository';
import { documentsRepository } from '../documents/documents.repository';
import { appendDecision } from '../transparency/decision-log.repository';
import { moveRegistration, runRegistrationMove } from './registrations.move';
import { registrationsRepository, type RegistrationRow } from './registrations.repository';
import { actsAs, counterpartDisciplines, toRecord, toSummary } from './registrations.service';
import { stagesRepository } from '../stages/stages.repository';

const notNamed = () => notFound(messageCode('registration_not_found'));
const isReviewable = (status: string) => (COUNTERPART_REVIEWABLE as readonly string[]).includes(status);

/**
 * The national counterparts' review (docs/api.md, "Counterpart review"): the registrations
 * that name the caller, comments, change requests and countersignatures. Every method that
 * changes data takes the Actor first and writes in one transaction.
 */
export function reviewsService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const repo = registrationsRepository(database.db);
  const reviews = reviewsRepository(database.db);

  /** The registration, when it names the caller (else 404), with the caller's disciplines. */
  async function named(actor: Actor, id: number): Promise<{ row: RegistrationRow; mine: Discipline[] }> {
    return namedIn(actor, await repo.findById(id));
  }
  function namedIn(actor: Actor, row: RegistrationRow | undefined): { row: RegistrationRow; mine: Discipline[] } {
    if (!row || row.status === STATUS.draft || !actsAs(actor, 'counterpart', row)) throw notNamed();
    return { row, mine: counterpartDisciplines(row.data, actor.user.email) };
  }

  /** A conflict of interest: the caller owns the registration or appears on it as another party. */
  const conflicted = (actor: Actor, row: RegistrationRow) =>
    row.userId === actor.user.id || appearsAsOtherParty(answerData(row), actor.user.email);

  /** 422 on `discipline` for a discipline the registration does not name the caller for. */
  function ownDiscipline(mine: Discipline[], discipline: Discipline) {
    if (!mine.includes(discipline)) throw new ValidationError({ discipline: [messageCode('not_your_discipline')] });
  }

  /**
   * The pin of a comment, checked against the registration: its document (any revision of
   * this registration), a page it has, and a library volume and page that exist.
   */
  async function checkedPin(id: number, body: z.output<typeof reviewCommentSchema>): Promise<CommentPin | undefined> {
    const errors: Record<string, string[]> = {};
    let pin: CommentPin | undefined;
    if (body.document_id) {
      const doc = await documentsRepository(database.db).findById(body.document_id);
      if (!doc || doc.registrationId !== id) errors.document_id = [rule('exists', 'document_id')];
      else if (body.page! > doc.pages) errors.page = [rule('between', 'page', 1, doc.pages)];
      pin = { documentId: body.document_id, page: body.page!, x: body.x!, y: body.y!, clause: null };
    }
    if (body.clause) {
      const volume = await reviews.libraryVolume(body.clause.library_id);
      if (!volume) errors['clause.library_id'] = [rule('exists', 'clause.library_id')];
      else if (volume.pageCount > 0 && body.clause.page > volume.pageCount) {
        errors['clause.page'] = [rule('between', 'clause.page', 1, volume.pageCount)];
      }
      pin = {
        ...(pin ?? { documentId: null, page: null, x: null, y: null }),
        clause: { libraryId: body.clause.library_id, page: body.clause.page },
      };
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return pin;
  }

  /**
   * 422 for a comment on a field of another discipline than the one it is filed under
   * (issue 28, item 6): an architect's field is commented on as architecture. `key` names
   * the failing field as the payload does (`field`, or `comments.N.field`).
   */
  function fieldsOfDiscipline(
    discipline: Discipline,
    comments: { field: string | null }[],
    key: (i: number) => string,
  ) {
    const errors: Record<string, string[]> = {};
    comments.forEach((c, i) => {
      const owner = fieldDiscipline(c.field);
      if (owner && owner !== discipline) errors[key(i)] = [messageCode('comment_discipline', owner)];
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /** A counterpart's first comment or countersignature starts the review (Submitted → Under Review), in its transaction. */
  async function startReview(tx: Db, actor: Actor, row: RegistrationRow, at: Date) {
    if (row.status !== STATUS.submitted) return;
    await moveRegistration(tx, actor, { row, to: STATUS.underReview, as: 'counterpart', action: 'start_review', at });
  }

  async function ownerOf(row: RegistrationRow) {
    const owner = await accountsRepository(database.db).contact(row.userId);
    if (!owner) return undefined;
    return { ...owner, locale: (owner.locale === 'my' ? 'my' : 'en') as Locale };
  }

  const projectName = (row: RegistrationRow) =>
    typeof row.data.project_name === 'string' ? row.data.project_name : '';

  /** What every mail to the owner about their registration names (the owner, the project, its page, the counterpart). */
  const aboutForOwner = (owner: { name: string; locale: Locale }, row: RegistrationRow, id: number, actor: Actor) => ({
    name: owner.name,
    referenceNumber: row.referenceNumber ?? '',
    projectName: projectName(row),
    url: `${config.appUrl}/user/projects/${id}`,
    locale: owner.locale,
    counterpart: actor.user.name,
  });

  return {
    /** GET /api/reviews: every submitted registration naming the caller, oldest waiting first. */
    async list(actor: Actor): Promise<ReviewListItem[]> {
      const rows = await reviews.namingEmail(actor.user.email);
      const byId = new Map<number, { row: (typeof rows)[number]; disciplines: Discipline[] }>();
      for (const r of rows) {
        const entry = byId.get(r.id) ?? { row: r, disciplines: [] };
        entry.disciplines.push(r.discipline as Discipline);
        byId.set(r.id, entry);
      }
      const signatures = await reviews.countersignatures([...byId.keys()]);
      const items: ReviewListItem[] = [];
      for (const { row, disciplines } of byId.values()) {
        const mine = signatures.filter(
          (s) => s.registrationId === row.id && disciplines.includes(s.discipline as Discipline),
        );
        const allSigned =
          row.contentSha256 !== null &&
          disciplines.every((d) => mine.some((s) => s.discipline === d && s.contentSha256 === row.contentSha256));
        let state: ReviewState;
        let since: Date;
        if (allSigned) {
          state = 'countersigned';
          since = new Date(Math.max(...mine.map((s) => s.signedAt.getTime())));
        } else if (row.status === STATUS.returned) {
          state = 'changes_requested';
          since = row.returnedAt ?? row.updatedAt;
        } else {
          state = 'awaiting';
          since = row.submittedAt ?? row.updatedAt;
        }
        const ordered = DISCIPLINES.filter((d) => disciplines.includes(d));
        items.push({ registration: toSummary(row), disciplines: ordered, state, waiting_since: since.toISOString() });
      }
      return items.sort(
        (a, b) => a.waiting_since.localeCompare(b.waiting_since) || a.registration.id - b.registration.id,
      );
    },

    /** GET /api/reviews/{id}. */
    async get(actor: Actor, id: number): Promise<ReviewedRegistration> {
      // The row and its child tables in one statement (issue 31), then the check `named` makes.
      const read = await repo.findWithChildren(id);
      if (!read) throw notNamed();
      const { row, mine } = namedIn(actor, read.row);
      const parts = await reviewParts(database.db, row, read);
      return {
        ...toRecord(row, read.history),
        ...parts,
        // The construction stages the owner reported after approval (issue 30).
        stage_notices: read.has.stageNotices
          ? ((await stagesRepository(database.db).of([row.id])).get(row.id) ?? [])
          : [],
        my_disciplines: mine,
        conflict_of_interest: conflicted(actor, row),
      };
    },

    /** POST /api/reviews/{id}/comments: on a field, or pinned to a page of a document, perhaps citing a clause. */
    async comment(actor: Actor, id: number, body: z.output<typeof reviewCommentSchema>): Promise<ReviewComment> {
      const { row, mine } = await named(actor, id);
      ownDiscipline(mine, body.discipline);
      const pin = await checkedPin(id, body);
      fieldsOfDiscipline(body.discipline, [body], () => 'field');
      const at = now();
      const [comment] = await withTransaction(database.db, async (db) => {
        const round = await reviewsRepository(db).currentRound(id);
        const added = await reviewsRepository(db).addComments([
          {
            registrationId: id,
            round,
            discipline: body.discipline,
            field: body.field,
            text: body.text,
            authorId: actor.user.id,
            authorName: actor.user.name,
            now: at,
            pin,
          },
        ]);
        await startReview(db, actor, row, at);
        return added;
      });
      return toComment(comment!);
    },

    /** POST /api/reviews/{id}/comments/{comment}/resolve: a counterpart of the comment's discipline closes it. */
    async resolveComment(actor: Actor, id: number, commentId: number): Promise<ReviewComment> {
      const { mine } = await named(actor, id);
      const found = await reviews.comment(id, commentId);
      if (!found || !mine.includes(found.discipline as Discipline)) throw notFound(messageCode('comment_not_found'));
      const resolved = await reviews.resolveComment(commentId, now());
      return toComment(resolved!);
    },

    /**
     * POST /api/registrations/{id}/comments/{comment}/answer: the submitter answers a
     * comment while the registration is returned for changes (the counterpart reads it
     * with the next round).
     */
    async answerComment(actor: Actor, id: number, commentId: number, text: string): Promise<ReviewComment> {
      const row = await repo.findById(id);
      if (!row || !actsAs(actor, 'submitter', row)) throw notNamed();
      const found = await reviews.comment(id, commentId);
      if (!found) throw notFound(messageCode('comment_not_found'));
      if (row.status !== STATUS.returned) {
        throw new HttpError(409, messageCode('review_status', row.status), { reason: 'status', status: row.status });
      }
      return toComment((await reviews.answerComment(commentId, text, now()))!);
    },

    /** POST /api/reviews/{id}/request-changes: back to the submitter, who is mailed the comments. */
    async requestChanges(
      actor: Actor,
      id: number,
      body: z.output<typeof requestChangesSchema>,
    ): Promise<ReviewedRegistration> {
      const { row, mine } = await named(actor, id);
      const refuse = () =>
        new HttpError(409, messageCode('review_status', row.status), { reason: 'status', status: row.status });
      if (!isReviewable(row.status) || !canTransition(row.status, STATUS.returned, 'counterpart')) throw refuse();
      ownDiscipline(mine, body.discipline);
      fieldsOfDiscipline(body.discipline, body.comments, (i) => `comments.${i}.field`);
      const at = now();
      const note = body.comments
        .map((c) => c.text)
        .join('\n\n')
        .slice(0, 2000);
      const done = await runRegistrationMove(
        deps,
        actor,
        {
          row,
          to: STATUS.returned,
          as: 'counterpart',
          note,
          action: 'request_changes',
          audit: { discipline: body.discipline, comments: body.comments },
          at,
        },
        {
          inside: async (tx) => {
            await appendDecision(tx, {
              at,
              registrationId: id,
              action: 'return_for_changes',
              content: await currentHashOf(tx, row),
            });
            const round = await reviewsRepository(tx).currentRound(id);
            await reviewsRepository(tx).addComments(
              body.comments.map((c) => ({
                registrationId: id,
                round,
                discipline: body.discipline,
                field: c.field,
                text: c.text,
                authorId: actor.user.id,
                authorName: actor.user.name,
                now: at,
              })),
            );
          },
          after: async () => {
            const owner = await ownerOf(row);
            if (!owner) return;
            await mail.enqueue({
              to: owner.email,
              ...changesRequestedMail({
                ...aboutForOwner(owner, row, id, actor),
                discipline: body.discipline,
                // Every field comment of the round, not only this request's (issue 28, item 2).
                comments: await reviews.roundComments(id),
              }),
            });
          },
        },
      );
      if (!done) throw refuse();
      return this.get(actor, id);
    },

    /** POST /api/reviews/{id}/countersign: on the current content, recording its hash. */
    async countersign(actor: Actor, id: number, body: z.output<typeof countersignSchema>): Promise<Countersignature> {
      const { row, mine } = await named(actor, id);
      if (!mine.includes(body.discipline)) throw forbidden(messageCode('not_your_discipline'));
      if (conflicted(actor, row)) {
        throw new HttpError(409, messageCode('conflict_of_interest'), { reason: 'conflict_of_interest' });
      }
      if (!isReviewable(row.status)) {
        throw new HttpError(409, messageCode('review_status', row.status), { reason: 'status', status: row.status });
      }
      const stale = (current: string) =>
        new HttpError(409, messageCode('countersign_stale'), { reason: 'stale', content_sha256: current });
      // Checked before and again under the row's lock: the signature binds the version reviewed (issue 24, hole 6),
      // the form and every current document (issue 25).
      const reviewed = await currentHashOf(database.db, row);
      if (body.content_sha256 !== reviewed) throw stale(reviewed);
      const at = now();
      const signed = await withTransaction(database.db, async (db) => {
        const r = reviewsRepository(db);
        const locked = await r.lockForSigning(id);
        if (!locked || !isReviewable(locked.status)) {
          throw new HttpError(409, messageCode('review_status', locked?.status ?? row.status), {
            reason: 'status',
            status: locked?.status ?? row.status,
          });
        }
        const hash = await currentHashOf(db, { id, data: locked.data });
        if (hash !== body.content_sha256) throw stale(hash);
        const license = answerData(locked)[counterpartLicenseField(body.discipline)];
        const saved = await r.countersign({
          registrationId: id,
          discipline: body.discipline,
          userId: actor.user.id,
          name: actor.user.name,
          license: typeof license === 'string' ? license : '',
          round: await r.currentRound(id),
          contentSha256: hash,
          now: at,
        });
        await startReview(db, actor, row, at);
        await appendDecision(db, { at, registrationId: id, action: 'countersignature', content: hash });
        await recordAudit(db, actor, {
          action: 'countersign',
          recordType: 'registration',
          recordId: id,
          before: null,
          after: {
            reference_number: row.referenceNumber,
            discipline: body.discipline,
            license: saved.license,
            content_sha256: hash,
          },
        });
        return { saved, hash };
      });

      const owner = await ownerOf(row);
      if (owner) {
        const parts = await reviewParts(database.db, row);
        const named = (await reviews.counterparts(id)).map((c) => c.discipline);
        const remaining = named.filter((d) => !parts.countersignatures.some((s) => s.discipline === d && s.current));
        await mail.enqueue({
          to: owner.email,
          ...countersignedMail({
            ...aboutForOwner(owner, row, id, actor),
            discipline: body.discipline,
            remaining: remaining.length,
          }),
        });
      }
      return toCountersignature(signed.saved, signed.hash);
    },

    /**
     * DELETE /api/reviews/{id}/countersignatures/{discipline}: a counterpart takes back their
     * countersignature while the committee has not decided (issue 28, item 7). Afterwards
     * the registration cannot be approved until the discipline is countersigned again.
     */
    async withdraw(actor: Actor, id: number, discipline: Discipline): Promise<ReviewedRegistration> {
      const { row, mine } = await named(actor, id);
      if (!mine.includes(discipline)) throw forbidden(messageCode('not_your_discipline'));
      const decided = () =>
        new HttpError(409, messageCode('review_status', row.status), { reason: 'status', status: row.status });
      if (!isReviewable(row.status)) throw decided();
      const removed = await withTransaction(database.db, async (db) => {
        const gone = await reviewsRepository(db).withdrawCountersignature({
          registrationId: id,
          discipline,
          userId: actor.user.id,
          reviewable: COUNTERPART_REVIEWABLE,
        });
        if (gone) {
          await recordAudit(db, actor, {
            action: 'withdraw_countersignature',
            recordType: 'registration',
            recordId: id,
            before: { reference_number: row.referenceNumber, discipline, content_sha256: gone.contentSha256 },
            after: null,
          });
        }
        return gone;
      });
      if (!removed) {
        // Decided a moment ago, or there was nothing of the caller's to withdraw.
        const now = await repo.findById(id);
        if (now && !isReviewable(now.status)) {
          throw new HttpError(409, messageCode('review_status', now.status), { reason: 'status', status: now.status });
        }
        throw notFound(messageCode('countersignature_not_found'));
      }
      return this.get(actor, id);
    },

    /** For the status chips: reviews waiting for the caller (and how many are overdue). */
    async waiting(actor: Actor, overdueDays: number): Promise<{ waiting: number; overdue: number }> {
      const items = await this.list(actor);
      const awaiting = items.filter((i) => i.state === 'awaiting');
      const limit = now().getTime() - overdueDays * 86_400_000;
      return { waiting: awaiting.length, overdue: awaiting.filter((i) => Date.parse(i.waiting_since) < limit).length };
    },

    /**
     * The status chips of the review (GET /api/user/status): reviews waiting for a
     * counterpart (red when one is overdue), and a submitter's registrations returned for changes.
     */
    async chips(actor: Actor, locale: Locale): Promise<UserStatus> {
      const out: UserStatus = {};
      const digits = (n: number) => (locale === 'my' ? toMyanmarDigits(n) : String(n));
      if (actor.user.emailVerifiedAt && actor.roles.some((r) => r.slug === 'national-counterpart')) {
        const { waiting, overdue } = await this.waiting(actor, REVIEW_OVERDUE_DAYS);
        const label =
          locale === 'my'
            ? `စိစစ်ရန် ${digits(waiting)} ခု စောင့်ဆိုင်းနေသည်${overdue ? `၊ ${digits(overdue)} ခု ရက်ကျော်နေသည်` : ''}`
            : `${waiting} ${waiting === 1 ? 'review' : 'reviews'} waiting${overdue ? `, ${overdue} overdue` : ''}`;
        out.reviews_waiting = { label, color: overdue ? 'red' : waiting ? 'yellow' : 'gray' };
      }
      const returned = await reviews.returnedCount(actor.user.id);
      if (returned > 0) {
        out.changes_requested = {
          label:
            locale === 'my'
              ? `ပြင်ဆင်ရန် ပြန်ပို့ထားသော မှတ်ပုံတင်မှု ${digits(returned)} ခု`
              : `${returned} ${returned === 1 ? 'registration' : 'registrations'} returned for changes`,
          color: 'yellow',
        };
      }
      return out;
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
