import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/**
 * Who changed what (issue 16), written in the same transaction as the change by
 * recordAudit() (modules/audit/audit.repository.ts). Append-only: triggers of migration
 * 0010 refuse UPDATE, DELETE and TRUNCATE. No foreign key: the actor is copied.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: stamp('created_at'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_record_idx').on(t.recordType, t.recordId),
  ],
);
