import { ADMIN_TABLE_PER_PAGE, messageCode, rule, type Paged, type RetiredFilter } from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction, type Db } from '../../db/client';
import { HttpError, ValidationError, forbidden } from '../../lib/http-errors';
import { contentChanged } from '../../lib/content-changed';
import { recordAudit } from '../audit/audit.repository';
import { publicDataRepository, type RegisterRow, type RegisterSpec } from './public-data.repository';

export interface TableQuery {
  q?: string;
  page?: number;
  per_page?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  retired?: RetiredFilter;
}

const NOT_FOUND: Record<RegisterSpec['recordType'], Parameters<typeof messageCode>[0]> = {
  project: 'project_not_found',
  eiet_company: 'company_not_found',
  pile_company: 'company_not_found',
  checklist_item: 'checklist_item_not_found',
};

/** PostgreSQL's unique_violation. */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Editing a public register (projects, EIET or pile companies): every change and its audit
 * entry in one transaction, then the public answers of this process are rebuilt at once
 * (the triggers of migration 0001 tell the other processes within a second).
 */
export function publicDataService(deps: ModuleDeps, spec: RegisterSpec) {
  const { database, now } = deps;
  const repo = publicDataRepository(database.db);
  const check = (actor: Actor) => {
    if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
  };
  const missing = () => new HttpError(404, messageCode(NOT_FOUND[spec.recordType]));

  async function inTransaction<T>(work: (r: ReturnType<typeof publicDataRepository>, tx: Db) => Promise<T>) {
    try {
      const result = await withTransaction(database.db, async (tx) => {
        return work(publicDataRepository(tx), tx);
      });
      contentChanged(database, spec.version);
      return result;
    } catch (err) {
      if (spec.recordType === 'project' && isUniqueViolation(err)) {
        throw new ValidationError({ rn_number: [rule('unique', 'rn_number')] });
      }
      throw err;
    }
  }

  async function uniqueRn(values: Record<string, unknown>, exceptId?: number) {
    if (spec.recordType !== 'project') return;
    if (await repo.rnNumberTaken(Number(values.rn_number), exceptId)) {
      throw new ValidationError({ rn_number: [rule('unique', 'rn_number')] });
    }
  }

  return {
    async list(actor: Actor, q: TableQuery): Promise<Paged<RegisterRow>> {
      check(actor);
      const page = q.page ?? 1;
      const perPage = q.per_page ?? ADMIN_TABLE_PER_PAGE;
      const { rows, total } = await repo.page(spec, {
        q: q.q,
        sort: q.sort,
        dir: q.dir,
        retired: q.retired ?? 'active',
        offset: (page - 1) * perPage,
        limit: perPage,
      });
      return { data: rows, meta: { total, page, per_page: perPage } };
    },

    async get(actor: Actor, id: number | null): Promise<RegisterRow> {
      check(actor);
      const row = id !== null ? await repo.find(spec, id) : undefined;
      if (!row) throw missing();
      return row;
    },

    async create(actor: Actor, values: Record<string, unknown>): Promise<RegisterRow> {
      check(actor);
      await uniqueRn(values);
      return inTransaction(async (r, tx) => {
        const id = await r.insert(spec, values, now());
        const after = (await r.find(spec, id))!;
        await recordAudit(tx, actor, { action: 'create', recordType: spec.recordType, recordId: id, after });
        return after;
      });
    },

    async update(actor: Actor, id: number | null, values: Record<string, unknown>): Promise<RegisterRow> {
      check(actor);
      if (id === null || !(await repo.find(spec, id))) throw missing();
      await uniqueRn(values, id);
      return inTransaction(async (r, tx) => {
        const before = await r.find(spec, id);
        if (!before || !(await r.update(spec, id, values, now()))) throw missing();
        const after = (await r.find(spec, id))!;
        await recordAudit(tx, actor, { action: 'update', recordType: spec.recordType, recordId: id, before, after });
        return after;
      });
    },

    /** Retire (leave the public pages) or restore; doing it twice changes nothing and logs nothing. */
    async setRetired(actor: Actor, id: number | null, retire: boolean): Promise<RegisterRow> {
      check(actor);
      if (id === null) throw missing();
      return inTransaction(async (r, tx) => {
        const before = await r.find(spec, id);
        if (!before) throw missing();
        const at = now();
        if (!(await r.setRetired(spec, id, retire ? at : null, at))) return before;
        const after = (await r.find(spec, id))!;
        await recordAudit(tx, actor, {
          action: retire ? 'retire' : 'restore',
          recordType: spec.recordType,
          recordId: id,
          before,
          after,
        });
        return after;
      });
    },
  };
}
