import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditRecordType } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { rowCount } from '../../lib/row-counts';
import type { Actor } from '../../module-deps';
import { auditLog } from '../../db/schema/index';

/** One administrative change, as a service describes it to recordAudit(). */
export interface AuditChange {
  /** What was done: create, update, retire, restore, delete, status, replace_file ... */
  action: string;
  recordType: AuditRecordType;
  recordId: number | string | null;
  /** The record before the change (none for a creation). */
  before?: unknown;
  /** The record after the change (none for a deletion). */
  after?: unknown;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the entry
 * and the change commit (or fail) together:
 *
 *   await withTransaction(database.db, async (tx) => {
 *     const updated = await repo(tx).update(...);
 *     await recordAudit(tx, actor, { action: 'update', recordType: 'project',
 *       recordId: id, before, after: updated });
 *   });
 *
 * The table is append-only (migration 0010's triggers refuse UPDATE, DELETE and TRUNCATE).
 */
export async function recordAudit(db: Db, actor: Actor, change: AuditChange, at?: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.user.id,
    actorName: actor.user.name,
    actorEmail: actor.user.email,
    action: change.action,
    recordType: change.recordType,
    recordId: change.recordId === null ? null : String(change.recordId),
    before: jsonValue(change.before),
    after: jsonValue(change.after),
    ip: actor.ip ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}

/** Dates become ISO strings and undefined becomes null, as JSON would write them. */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export interface AuditFilters {
  actor?: string;
  recordType?: string;
  recordId?: string;
  /** Inclusive start, as an instant. */
  from?: Date;
  /** Exclusive end, as an instant. */
  to?: Date;
}

function where(f: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const actor = f.actor?.trim().toLowerCase();
  if (actor) {
    conditions.push(
      or(
        sql`strpos(lower(${auditLog.actorName}), ${actor}) > 0`,
        sql`strpos(lower(${auditLog.actorEmail}), ${actor}) > 0`,
      )!,
    );
  }
  if (f.recordType) conditions.push(eq(auditLog.recordType, f.recordType));
  if (f.recordId) conditions.push(eq(auditLog.recordId, f.recordId));
  if (f.from) conditions.push(gte(auditLog.createdAt, f.from));
  if (f.to) conditions.push(lt(auditLog.createdAt, f.to));
  return conditions.length ? and(...conditions) : undefined;
}

const columns = {
  id: auditLog.id,
  actor_id: auditLog.actorId,
  actor_name: auditLog.actorName,
  actor_email: auditLog.actorEmail,
  action: auditLog.action,
  record_type: auditLog.recordType,
  record_id: auditLog.recordId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  created_at: auditLog.createdAt,
};

type Row = Omit<AuditEntry, 'created_at'> & { created_at: Date };
const toEntry = (r: Row): AuditEntry => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() });

export function auditRepository(db: Db) {
  return {
    /** One page, newest first, and how many match in all. */
    async page(filters: AuditFilters, offset: number, limit: number): Promise<{ rows: AuditEntry[]; total: number }> {
      const condition = where(filters);
      const [total, rows] = await Promise.all([
        // Unfiltered, the kept count (migration 0027): not a million entries counted per page
        // (issue 31; docs/decisions/109). Filters narrow by indexed columns or by an actor's text.
        condition
          ? db
              .select({ n: count() })
              .from(auditLog)
              .where(condition)
              .then((r) => Number(r[0]?.n ?? 0))
          : rowCount(db, 'audit_log'),
        db
          .select(columns)
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
      ]);
      return { rows: (rows as Row[]).map(toEntry), total };
    },
    /**
     * Every matching entry, newest first, in batches (for the CSV export). Each batch starts
     * after the last one's entry (keyset on the sort's own index, audit_log_created_idx), not
     * at an OFFSET: a million entries were read again from the top for every batch, so the
     * whole export cost the square of the log's length (docs/decisions/123). The last entry's
     * time is carried as PostgreSQL's text, not a JavaScript Date, which would cut its
     * microseconds and skip or repeat entries written within the same millisecond.
     */
    async *each(filters: AuditFilters, batch = 500): AsyncGenerator<AuditEntry> {
      const condition = where(filters);
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const rows = (await db
          .select({ ...columns, at: sql<string>`${auditLog.createdAt}::text` })
          .from(auditLog)
          .where(
            after
              ? and(condition, sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`)
              : condition,
          )
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(batch)) as (Row & { at: string })[];
        for (const { at: _at, ...r } of rows) yield toEntry(r);
        if (rows.length < batch) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: Number(last.id) };
      }
    },
  };
}
