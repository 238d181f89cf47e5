import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Locale } from '@hpbc/shared';
import {
  changedFields,
  namedCounterparts,
  type CounterpartState,
  type Countersignature,
  type Discipline,
  type FieldChange,
  type ReviewComment,
  type ReviewedRegistration,
} from '@hpbc/shared/counterpart-review';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import type { HashedDocument } from '@hpbc/shared/design-documents';
import type { ModuleDeps } from '../../module-deps';
import type { Db } from '../../db/client';
import type { RoundDocument } from '../../db/schema/registrations';
import { documentsRepository, type DocumentRow } from '../documents/documents.repository';
import { reviewRequestMail, counterpartInvitationMail } from './reviews.mail';
import { changeReportsOf } from '../change-reports/change-reports.core';
import { presentationsOf } from '../presentations/presentations.core';
import { reviewsRepository, type CommentRow, type CountersignatureRow } from './reviews.repository';
import type { RegistrationRead } from './registrations.repository';

/**
 * The review's building blocks shared by the submitter's, the counterparts' and the
 * committee's services: the content hash, what a registration answer carries about its
 * review, the record of each round, and the mail to the counterparts.
 */

/**
 * The content hash: lower-case hex SHA-256 of `{data, documents}` as RFC 8785 canonical
 * JSON (UTF-8), so anyone can recompute it (docs/api.md "Documents of a registration").
 * `documents` lists the current documents as hashedDocuments() makes them.
 */
export function contentHash(data: Record<string, unknown>, documents: HashedDocument[]): string {
  return createHash('sha256')
    .update(canonicalize({ data, documents }) ?? '', 'utf8')
    .digest('hex');
}

/** The `data` a registration answer shows, and which its content hash covers. */
export const answerData = (row: { data: Record<string, unknown> }) => cleanFormOneData(row.data);

/** Code-unit order, as RFC 8785 sorts keys: the same in every language and locale. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The current documents as the content hash lists them: sorted by discipline, then number. */
export function hashedDocuments(rows: DocumentRow[]): HashedDocument[] {
  return rows
    .filter((r) => r.status === 'current')
    .sort((a, b) => byCodeUnits(a.discipline, b.discipline) || byCodeUnits(a.number, b.number))
    .map((r) => ({ discipline: r.discipline, kind: r.kind, number: r.number, revision: r.revision, sha256: r.sha256 }));
}

/** The current content hash of a registration: its data and its current documents. */
export async function currentHashOf(db: Db, row: { id: number; data: Record<string, unknown> }): Promise<string> {
  return contentHash(answerData(row), hashedDocuments(await documentsRepository(db).current(row.id)));
}

/** The disciplines that name a counterpart but have no current document (submitting needs one each). */
export async function disciplinesWithoutDocuments(
  db: Db,
  registrationId: number,
  data: Record<string, unknown>,
): Promise<Discipline[]> {
  const current = await documentsRepository(db).current(registrationId);
  return namedCounterparts(cleanFormOneData(data))
    .map((n) => n.discipline)
    .filter((d) => !current.some((c) => c.discipline === d));
}

/** What a round records of each current document (the hash's entry, its id and title). */
const roundDocuments = (rows: DocumentRow[]): RoundDocument[] =>
  hashedDocuments(rows).map((h) => {
    const r = rows.find((d) => d.status === 'current' && d.discipline === h.discipline && d.number === h.number)!;
    return { ...h, id: r.id, title: r.title };
  });

/**
 * The sheets new, replaced or withdrawn between two rounds, as `changes` entries: `field`
 * `document:<discipline>:<number>`, before and after its revisions.
 */
export function documentChanges(before: RoundDocument[], after: RoundDocument[]): FieldChange[] {
  const key = (d: RoundDocument) => `${d.discipline}:${d.number}`;
  const old = new Map(before.map((d) => [key(d), d]));
  const now = new Map(after.map((d) => [key(d), d]));
  const out: FieldChange[] = [];
  for (const k of [...new Set([...old.keys(), ...now.keys()])].sort(byCodeUnits)) {
    const b = old.get(k);
    const a = now.get(k);
    if (b && a && b.sha256 === a.sha256 && b.revision === a.revision) continue;
    const d = (a ?? b)!;
    out.push({
      field: `document:${k}`,
      before: b?.revision ?? null,
      after: a?.revision ?? null,
      document: {
        change: !b ? 'new' : !a ? 'withdrawn' : 'replaced',
        discipline: d.discipline as Discipline,
        number: d.number,
        title: d.title,
        id: a?.id ?? null,
        previous_id: b?.id ?? null,
      },
    });
  }
  return out;
}

export function toComment(c: CommentRow): ReviewComment {
  return {
    id: c.id,
    discipline: c.discipline as Discipline,
    field: c.field,
    text: c.text,
    author: { name: c.authorName },
    round: c.round,
    created_at: c.createdAt.toISOString(),
    document_id: c.documentId,
    page: c.page,
    x: c.x,
    y: c.y,
    clause:
      c.clauseLibraryId !== null && c.clausePage !== null
        ? { library_id: c.clauseLibraryId, page: c.clausePage }
        : null,
    status: c.resolvedAt ? 'resolved' : 'open',
    resolved_at: c.resolvedAt?.toISOString() ?? null,
    answer: c.answer,
    answered_at: c.answeredAt?.toISOString() ?? null,
  };
}

export function toCountersignature(c: CountersignatureRow, currentHash: string | null): Countersignature {
  return {
    discipline: c.discipline as Discipline,
    name: c.name,
    license: c.license,
    signed_at: c.signedAt.toISOString(),
    content_sha256: c.contentSha256,
    current: currentHash !== null && c.contentSha256 === currentHash,
  };
}

/** The review's part of a registration answer: those fields of the shared answer type. */
export type ReviewParts = Pick<
  ReviewedRegistration,
  | 'round'
  | 'comments'
  | 'countersignatures'
  | 'content_sha256'
  | 'changes'
  | 'project_id'
  | 'change_reports'
  | 'presentations'
>;

/**
 * The child rows of a registration that `reviewParts` reads, when the caller has them already
 * (registrationsRepository.findWithChildren: one statement for them all, issue 31).
 */
export type ReviewRows = Pick<RegistrationRead, 'rounds' | 'comments' | 'countersignatures' | 'currentDocuments'> & {
  has: Pick<RegistrationRead['has'], 'changeReports' | 'presentations'>;
};

/** What every registration answer carries about its review (docs/api.md). */
export async function reviewParts(
  db: Db,
  row: {
    id: number;
    userId: number;
    status: string;
    data: Record<string, unknown>;
    projectId: number | null;
    referenceNumber: string | null;
  },
  read?: ReviewRows,
): Promise<ReviewParts> {
  const repo = reviewsRepository(db);
  const data = answerData(row);
  const hash = !row.referenceNumber
    ? null
    : read
      ? contentHash(data, hashedDocuments(read.currentDocuments))
      : await currentHashOf(db, row);
  const [rounds, comments, signatures, changeReports, presentations] = await Promise.all([
    read?.rounds ?? repo.lastRounds(row.id),
    read?.comments ?? repo.comments(row.id),
    read?.countersignatures ?? repo.countersignatures([row.id]),
    // Most registrations have neither: the read said so, and they are not asked for.
    read && !read.has.changeReports
      ? []
      : changeReportsOf(db, row.id, (documents) => contentHash(data, hashedDocuments(documents))),
    read && !read.has.presentations ? [] : presentationsOf(db, row),
  ]);
  const [latest, previous] = rounds;
  return {
    round: latest?.round ?? 0,
    comments: comments.map(toComment),
    countersignatures: signatures.map((s) => toCountersignature(s, hash)),
    content_sha256: hash,
    changes:
      latest && previous
        ? [...changedFields(previous.data, latest.data), ...documentChanges(previous.documents, latest.documents)]
        : [],
    project_id: row.projectId,
    change_reports: changeReports,
    presentations,
  };
}

/** Each named discipline with its counterpart, whether they have an account, and the countersignature. */
export async function counterpartStates(
  db: Db,
  row: { id: number; data: Record<string, unknown> },
  signatures: Countersignature[],
): Promise<CounterpartState[]> {
  const named = namedCounterparts(answerData(row));
  const accounts = await reviewsRepository(db).counterpartAccounts([...new Set(named.map((n) => n.email))]);
  const withAccount = new Set(accounts.map((a) => a.email));
  return named.map((n) => ({
    discipline: n.discipline,
    email: n.email,
    has_account: withAccount.has(n.email),
    countersignature: signatures.find((s) => s.discipline === n.discipline) ?? null,
  }));
}

/** The named disciplines without a current countersignature. */
export function missingCountersignatures(data: Record<string, unknown>, signatures: Countersignature[]): Discipline[] {
  return namedCounterparts(cleanFormOneData(data))
    .map((n) => n.discipline)
    .filter((d) => !signatures.some((s) => s.discipline === d && s.current));
}

/**
 * On each submission (inside its transaction): a new round with the data as sent and its
 * hash, and the counterparts it names. Returns the round number and the hash.
 */
export async function recordRound(
  tx: Db,
  registrationId: number,
  data: Record<string, unknown>,
  now: Date,
): Promise<{ round: number; hash: string }> {
  const repo = reviewsRepository(tx);
  const clean = cleanFormOneData(data);
  const documents = await documentsRepository(tx).current(registrationId);
  const hash = contentHash(clean, hashedDocuments(documents));
  const round = await repo.addRound({
    registrationId,
    data: clean,
    documents: roundDocuments(documents),
    contentSha256: hash,
    now,
  });
  await repo.setCounterparts(registrationId, namedCounterparts(clean));
  await repo.setContentHash(registrationId, hash);
  return { round, hash };
}

/**
 * Tells each counterpart a submission names (with an account: a review request in their
 * language; without one: an invitation to register, once per address and registration).
 */
export async function notifyCounterparts(
  deps: ModuleDeps,
  reg: { id: number; referenceNumber: string; projectName: string; resubmitted: boolean },
  fallbackLocale: Locale,
): Promise<void> {
  const repo = reviewsRepository(deps.database.db);
  const named = await repo.counterparts(reg.id);
  const byEmail = new Map<string, { disciplines: Discipline[]; invited: boolean }>();
  for (const n of named) {
    const entry = byEmail.get(n.email) ?? { disciplines: [], invited: false };
    entry.disciplines.push(n.discipline as Discipline);
    entry.invited ||= n.invitedAt !== null;
    byEmail.set(n.email, entry);
  }
  const accounts = await repo.counterpartAccounts([...byEmail.keys()]);
  const [latest, previous] = reg.resubmitted ? await repo.lastRounds(reg.id) : [];
  const changed = latest && previous ? changedFields(previous.data, latest.data).map((c) => c.field) : [];
  for (const [email, { disciplines, invited }] of byEmail) {
    const account = accounts.find((a) => a.email === email);
    if (account) {
      const locale: Locale = account.locale === 'my' ? 'my' : 'en';
      await deps.mail.enqueue({
        to: email,
        ...reviewRequestMail({
          name: account.name,
          referenceNumber: reg.referenceNumber,
          projectName: reg.projectName,
          url: `${deps.config.appUrl}/user/national/reviews/${reg.id}`,
          locale,
          disciplines,
          resubmitted: reg.resubmitted,
          changedFields: changed,
        }),
      });
    } else if (!invited && !(await repo.accountExists(email))) {
      await deps.mail.enqueue({
        to: email,
        ...counterpartInvitationMail({
          referenceNumber: reg.referenceNumber,
          projectName: reg.projectName,
          url: `${deps.config.appUrl}/register`,
          locale: fallbackLocale,
          disciplines,
        }),
      });
      const at = deps.now();
      for (const d of disciplines) await repo.markInvited(reg.id, d, at);
    }
  }
}
