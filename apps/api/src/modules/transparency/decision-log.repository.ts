import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { GENESIS_HASH, type DecisionAction, type DecisionEntry } from '@hpbc/shared/decision-log';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../../db/client';
import { decisionLog, type inspections, registrations } from '../../db/schema/index';

export interface Decision {
  at: Date;
  /** The registration decided on; the entry names its reference number (HPBC-2026-000123). */
  registrationId: number;
  action: DecisionAction;
  /**
   * What was decided on: the registration's content hash (lower-case hex), or a value
   * (an inspection's result) whose canonical JSON is hashed here.
   */
  content: string | Record<string, unknown>;
}

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of an entry: SHA-256 of the RFC 8785 canonical JSON of every field but `hash`. */
export function entryHash(entry: Omit<DecisionEntry, 'hash'>): string {
  return sha256hex(canonicalize(entry) ?? '');
}

type Row = typeof decisionLog.$inferSelect;
const toEntry = (r: Row): DecisionEntry => ({
  seq: Number(r.seq),
  at: r.at.toISOString(),
  reference: r.reference,
  action: r.action,
  content_sha256: r.contentSha256,
  prev_hash: r.prevHash,
  hash: r.hash,
});

/** The decision-log action of a committee status change (none for starting the review). */
export function decisionOfStatus(status: string): DecisionAction | undefined {
  return (
    { [STATUS.approved]: 'approval', [STATUS.rejected]: 'rejection', [STATUS.returned]: 'return_for_changes' } as const
  )[status];
}

/** An inspection result as a decision: its own fields hashed (the report by its checksum). */
export function inspectionDecision(
  at: Date,
  i: Pick<typeof inspections.$inferSelect, 'id' | 'registrationId' | 'kind' | 'outcome' | 'remarks' | 'reportSha256'>,
): Decision {
  return {
    at,
    registrationId: i.registrationId,
    action: 'inspection_result',
    content: { inspection: i.id, kind: i.kind, outcome: i.outcome, remarks: i.remarks, report_sha256: i.reportSha256 },
  };
}

/**
 * Appends one decision to the chain. Call it with the transaction that makes the decision,
 * so both commit or neither does:
 *
 *   await appendDecision(tx, { at, registrationId, action: 'approval', content: contentSha256 });
 *
 * A transaction-scoped advisory lock orders concurrent appends (several server processes
 * on one PostgreSQL database): the second waits until the first commits, then reads its
 * entry as the previous one. The unique `prev_hash` refuses a fork if the lock were ever
 * bypassed.
 */
export async function appendDecision(db: Db, d: Decision): Promise<DecisionEntry> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('decision_log'))`);
  const [last] = await db.select().from(decisionLog).orderBy(desc(decisionLog.seq)).limit(1);
  const [reg] = await db
    .select({ reference: registrations.referenceNumber })
    .from(registrations)
    .where(eq(registrations.id, d.registrationId));
  const entry = {
    seq: last ? Number(last.seq) + 1 : 1,
    // Milliseconds, as JavaScript and timestamptz both keep them, so the stored row hashes the same.
    at: d.at.toISOString(),
    reference: reg?.reference ?? `#${d.registrationId}`,
    action: d.action,
    content_sha256: typeof d.content === 'string' ? d.content : sha256hex(canonicalize(d.content) ?? ''),
    prev_hash: last ? last.hash : GENESIS_HASH,
  };
  const hash = entryHash(entry);
  await db.insert(decisionLog).values({
    seq: entry.seq,
    at: d.at,
    reference: entry.reference,
    action: entry.action,
    contentSha256: entry.content_sha256,
    prevHash: entry.prev_hash,
    hash,
  });
  return { ...entry, hash };
}

export function decisionLogRepository(db: Db) {
  return {
    /** The whole chain, oldest first. */
    async all(): Promise<DecisionEntry[]> {
      return (await db.select().from(decisionLog).orderBy(asc(decisionLog.seq))).map(toEntry);
    },
  };
}
