import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RetiredFilter } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { eietCompanies, inspectionChecklistItems, pileCompanies, projects } from '../../db/schema/index';
import { PROJECT_COLUMNS } from '../projects/projects.repository';

/**
 * The three public registers an administrator edits, described once each: the table, the
 * answer's columns (as the public list names them, plus updated_at and retired_at), the
 * columns searched, the sortable columns, and how a validated payload becomes a row.
 */
export interface RegisterSpec {
  /** The record type of the audit log, and the content_versions counter. */
  recordType: 'project' | 'eiet_company' | 'pile_company' | 'checklist_item';
  version: 'projects' | 'eiet_companies' | 'pile_companies' | 'inspection_checklists';
  table: PgTable;
  id: AnyPgColumn;
  retiredAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  columns: Record<string, AnyPgColumn>;
  search: AnyPgColumn[];
  sorts: Record<string, AnyPgColumn>;
  defaultSort: { column: AnyPgColumn; dir: 'asc' | 'desc' };
  /** API field name → table property name. */
  fields: Record<string, string>;
}

type RegisterTable = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn; retiredAt: AnyPgColumn };

/** The table and the columns every register has. */
const registerTable = (t: RegisterTable) => ({ table: t, id: t.id, retiredAt: t.retiredAt, updatedAt: t.updatedAt });

const meta = (t: RegisterTable) => ({ updated_at: t.updatedAt, retired_at: t.retiredAt });

type CertifiedTable = RegisterTable & {
  emailAddress: AnyPgColumn;
  phoneNumber: AnyPgColumn;
  issueCertificateDate: AnyPgColumn;
  certificateExpireDate: AnyPgColumn;
};

/** The contact and certificate columns both company registers end with, then the meta columns. */
const certifiedColumns = (t: CertifiedTable) => ({
  email_address: t.emailAddress,
  phone_number: t.phoneNumber,
  issue_certificate_date: t.issueCertificateDate,
  certificate_expire_date: t.certificateExpireDate,
  ...meta(t),
});

export const PROJECT_SPEC: RegisterSpec = {
  recordType: 'project',
  version: 'projects',
  ...registerTable(projects),
  // The public list's columns, so the editor and the public list name them alike.
  columns: { ...PROJECT_COLUMNS, ...meta(projects) },
  search: [projects.projectName, projects.developer, projects.location, projects.region, projects.state],
  sorts: {
    rn_number: projects.rnNumber,
    project_name: projects.projectName,
    developer: projects.developer,
    status: projects.status,
    storey: projects.storey,
    updated_at: projects.updatedAt,
  },
  defaultSort: { column: projects.rnNumber, dir: 'desc' },
  fields: {
    rn_number: 'rnNumber',
    project_name: 'projectName',
    developer: 'developer',
    status: 'status',
    basement: 'basement',
    storey: 'storey',
    building_height: 'buildingHeight',
    location: 'location',
    region: 'region',
    state: 'state',
  },
};

const contactFields = {
  email_address: 'emailAddress',
  phone_number: 'phoneNumber',
  issue_certificate_date: 'issueCertificateDate',
  certificate_expire_date: 'certificateExpireDate',
};

/**
 * A company register: its own leading columns, then the contact, certificate and meta
 * columns; sorted by its first own column unless asked otherwise.
 */
function companySpec(c: {
  recordType: RegisterSpec['recordType'];
  version: RegisterSpec['version'];
  table: CertifiedTable;
  own: Record<string, AnyPgColumn>;
  search: AnyPgColumn[];
  sorts: Record<string, AnyPgColumn>;
  fields: Record<string, string>;
}): RegisterSpec {
  const t = c.table;
  const [firstSort] = Object.values(c.sorts);
  return {
    recordType: c.recordType,
    version: c.version,
    ...registerTable(t),
    columns: { id: t.id, ...c.own, ...certifiedColumns(t) },
    search: c.search,
    sorts: { ...c.sorts, certificate_expire_date: t.certificateExpireDate, updated_at: t.updatedAt },
    defaultSort: { column: firstSort!, dir: 'asc' },
    fields: { ...c.fields, ...contactFields },
  };
}

const eiet = eietCompanies;
export const EIET_SPEC = companySpec({
  recordType: 'eiet_company',
  version: 'eiet_companies',
  table: eiet,
  own: { eiet_name: eiet.eietName, ceo_name: eiet.ceoName, office_address: eiet.officeAddress },
  search: [eiet.eietName, eiet.ceoName, eiet.emailAddress, eiet.officeAddress],
  sorts: { eiet_name: eiet.eietName, ceo_name: eiet.ceoName },
  fields: { eiet_name: 'eietName', ceo_name: 'ceoName', office_address: 'officeAddress' },
});

const pile = pileCompanies;
export const PILE_SPEC = companySpec({
  recordType: 'pile_company',
  version: 'pile_companies',
  table: pile,
  own: { company_name: pile.companyName, item: pile.item, address: pile.address },
  search: [pile.companyName, pile.item, pile.address, pile.emailAddress],
  sorts: { company_name: pile.companyName, item: pile.item },
  fields: { company_name: 'companyName', item: 'item', address: 'address' },
});

const items = inspectionChecklistItems;
/** The inspection checklists (issue 30): one row per item of a kind, in order; retired items leave new inspections. */
export const CHECKLIST_SPEC: RegisterSpec = {
  recordType: 'checklist_item',
  version: 'inspection_checklists',
  ...registerTable(items),
  columns: {
    id: items.id,
    kind: items.kind,
    position: items.position,
    text_en: items.textEn,
    text_my: items.textMy,
    recommendation: items.recommendation,
    ...meta(items),
  },
  search: [items.textEn, items.textMy, items.recommendation, items.kind],
  sorts: { kind: items.kind, position: items.position, text_en: items.textEn, updated_at: items.updatedAt },
  defaultSort: { column: items.kind, dir: 'asc' },
  fields: {
    kind: 'kind',
    position: 'position',
    text_en: 'textEn',
    text_my: 'textMy',
    recommendation: 'recommendation',
  },
};

export type RegisterRow = Record<string, unknown> & { id: number; updated_at: string; retired_at: string | null };

export interface PageQuery {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  retired: RetiredFilter;
  offset: number;
  limit: number;
}

function toJson(row: Record<string, unknown>): RegisterRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as RegisterRow;
}

/** Queries of the editable registers; `db` may be a transaction. */
export function publicDataRepository(db: Db) {
  return {
    async page(spec: RegisterSpec, q: PageQuery): Promise<{ rows: RegisterRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (q.retired === 'active') conditions.push(isNull(spec.retiredAt));
      if (q.retired === 'retired') conditions.push(isNotNull(spec.retiredAt));
      const needle = q.q?.trim().toLowerCase();
      if (needle) {
        // strpos, not LIKE: % and _ in the search are plain text. Numbers are searched as text too.
        const searched = [...spec.search.map((c) => sql`strpos(lower(${c}), ${needle}) > 0`)];
        if (spec.recordType === 'project') searched.push(sql`${projects.rnNumber}::text = ${needle}`);
        conditions.push(or(...searched)!);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const column = (q.sort && spec.sorts[q.sort]) || spec.defaultSort.column;
      const dir = q.sort ? (q.dir ?? 'asc') : (q.dir ?? spec.defaultSort.dir);
      const order = dir === 'desc' ? desc(column) : asc(column);
      const [totals, rows] = await Promise.all([
        db.select({ n: count() }).from(spec.table).where(where),
        db
          .select(spec.columns)
          .from(spec.table)
          .where(where)
          .orderBy(order, asc(spec.id))
          .limit(q.limit)
          .offset(q.offset),
      ]);
      return { rows: rows.map(toJson), total: Number(totals[0]?.n ?? 0) };
    },

    async find(spec: RegisterSpec, id: number): Promise<RegisterRow | undefined> {
      const rows = await db.select(spec.columns).from(spec.table).where(eq(spec.id, id)).limit(1);
      return rows[0] ? toJson(rows[0]) : undefined;
    },

    async insert(spec: RegisterSpec, values: Record<string, unknown>, now: Date): Promise<number> {
      const row: Record<string, unknown> = { createdAt: now, updatedAt: now };
      for (const [field, prop] of Object.entries(spec.fields)) row[prop] = values[field];
      const [created] = await db
        .insert(spec.table)
        .values(row as never)
        .returning({ id: spec.id });
      return Number((created as { id: number }).id);
    },

    async update(spec: RegisterSpec, id: number, values: Record<string, unknown>, now: Date): Promise<boolean> {
      const row: Record<string, unknown> = { updatedAt: now };
      for (const [field, prop] of Object.entries(spec.fields)) row[prop] = values[field];
      const done = await db
        .update(spec.table)
        .set(row as never)
        .where(eq(spec.id, id))
        .returning({ id: spec.id });
      return done.length > 0;
    },

    /** Retires (a time) or restores (null); only a row in the other state changes. */
    async setRetired(spec: RegisterSpec, id: number, at: Date | null, now: Date): Promise<boolean> {
      const done = await db
        .update(spec.table)
        .set({ retiredAt: at, updatedAt: now } as never)
        .where(and(eq(spec.id, id), at ? isNull(spec.retiredAt) : isNotNull(spec.retiredAt)))
        .returning({ id: spec.id });
      return done.length > 0;
    },

    async rnNumberTaken(rnNumber: number, exceptId?: number): Promise<boolean> {
      const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.rnNumber, rnNumber)).limit(1);
      return rows.length > 0 && rows[0]!.id !== exceptId;
    },
  };
}
