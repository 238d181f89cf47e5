import type { z } from 'zod';
import { AUDIT_PER_PAGE, messageCode, type AuditEntry, type Paged, type auditQuerySchema } from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { forbidden } from '../../lib/http-errors';
import { auditRepository, type AuditFilters } from './audit.repository';

type Query = z.output<typeof auditQuerySchema>;

/** The committee works in Myanmar time (UTC+06:30): a date filter means that day there. */
const MYANMAR_OFFSET = '+06:30';
const startOf = (day: string) => new Date(`${day}T00:00:00${MYANMAR_OFFSET}`);
const dayAfter = (day: string) => new Date(startOf(day).getTime() + 24 * 3600 * 1000);

function filtersOf(q: Query): AuditFilters {
  return {
    actor: q.actor || undefined,
    recordType: q.record_type,
    recordId: q.record_id || undefined,
    from: q.from ? startOf(q.from) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
  };
}

/** A CSV cell: quoted, quotes doubled, and a leading formula character defused for spreadsheets. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_name',
  'actor_email',
  'ip',
  'action',
  'record_type',
  'record_id',
  'before',
  'after',
] as const;

/** Reading the audit log: administrators only. Nothing here changes an entry. */
export function auditService(deps: ModuleDeps) {
  const repo = auditRepository(deps.database.db);
  const check = (actor: Actor) => {
    if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
  };
  return {
    async list(actor: Actor, q: Query): Promise<Paged<AuditEntry>> {
      check(actor);
      const page = q.page ?? 1;
      const { rows, total } = await repo.page(filtersOf(q), (page - 1) * AUDIT_PER_PAGE, AUDIT_PER_PAGE);
      return { data: rows, meta: { total, page, per_page: AUDIT_PER_PAGE } };
    },

    /** The matching entries as CSV: UTF-8 with a byte order mark, so spreadsheets keep Burmese. */
    async *csv(actor: Actor, q: Query): AsyncGenerator<string> {
      check(actor);
      yield '\uFEFF' + AUDIT_CSV_COLUMNS.join(',') + '\r\n';
      for await (const e of repo.each(filtersOf(q))) {
        yield AUDIT_CSV_COLUMNS.map((c) => cell(e[c])).join(',') + '\r\n';
      }
    },
  };
}
