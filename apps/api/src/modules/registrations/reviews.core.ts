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
} from '@hpbc/shared/counterpart-review';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import type { ModuleDeps } from '../../module-deps';
import type { Db } from '../../db/client';
import { reviewRequestMail, counterpartInvitationMail } from './reviews.mail';
import { reviewsRepository, type CommentRow, type CountersignatureRow } from './reviews.repository';

/**
 * The review's building blocks shared by the submitter's, the counterparts' and the
 * committee's services: the content hash, what a registration answer carries about its
 * review, the record of each round, and the mail to the counterparts.
 */

/** Lower-case hex SHA-256 of `data` as RFC 8785 canonical JSON (UTF-8): anyone can recompute it. */
export function contentHash(data: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonicalize(data) ?? '', 'utf8')
    .digest('hex');
}

/** The `data` a registration answer shows, and whose hash is its content hash. */
export const answerData = (row: { data: Record<string, unknown> }) => cleanFormOneData(row.data);

export const currentHashOf = (row: { data: Record<string, unknown> }) => contentHash(answerData(row));

export function toComment(c: CommentRow): ReviewComment {
  return {
    id: c.id,
    discipline: c.discipline as Discipline,
    field: c.field,
    text: c.text,
    author: { name: c.authorName },
    round: c.round,
    created_at: c.createdAt.toISOString(),
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

export interface ReviewParts {
  round: number;
  comments: ReviewComment[];
  countersignatures: Countersignature[];
  content_sha256: string | null;
  changes: FieldChange[];
  project_id: number | null;
}

/** What every registration answer carries about its review (docs/api.md). */
export async function reviewParts(
  db: Db,
  row: {
    id: number;
    status: string;
    data: Record<string, unknown>;
    projectId: number | null;
    referenceNumber: string | null;
  },
): Promise<ReviewParts> {
  const repo = reviewsRepository(db);
  const hash = row.referenceNumber ? currentHashOf(row) : null;
  const [rounds, comments, signatures] = await Promise.all([
    repo.lastRounds(row.id),
    repo.comments(row.id),
    repo.countersignatures([row.id]),
  ]);
  const [latest, previous] = rounds;
  return {
    round: latest?.round ?? 0,
    comments: comments.map(toComment),
    countersignatures: signatures.map((s) => toCountersignature(s, hash)),
    content_sha256: hash,
    changes: latest && previous ? changedFields(previous.data, latest.data) : [],
    project_id: row.projectId,
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
  const hash = contentHash(clean);
  const round = await repo.addRound({ registrationId, data: clean, contentSha256: hash, now });
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
