import { asc, eq, max } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditRecordType, RecommendationLevel } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { disciplines, items, subDisciplines, subTitles, titles } from '../../db/schema/index';

interface LevelSpec {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  nameMy: AnyPgColumn;
  position: AnyPgColumn;
  /** The column naming the parent, and its property name; none for disciplines. */
  parent?: { column: AnyPgColumn; prop: string; level: RecommendationLevel };
  content?: { en: AnyPgColumn; my: AnyPgColumn };
  recordType: AuditRecordType;
}

type LevelTable = PgTable & { id: AnyPgColumn; name: AnyPgColumn; nameMy: AnyPgColumn; position: AnyPgColumn };

/** A level's table, the columns every level has, and its audit record type. */
const level = (t: LevelTable, recordType: AuditRecordType) => ({
  table: t,
  id: t.id,
  name: t.name,
  nameMy: t.nameMy,
  position: t.position,
  recordType,
});

export const LEVELS: Record<RecommendationLevel, LevelSpec> = {
  discipline: level(disciplines, 'discipline'),
  sub_discipline: {
    ...level(subDisciplines, 'sub_discipline'),
    parent: { column: subDisciplines.disciplineId, prop: 'disciplineId', level: 'discipline' },
  },
  title: {
    ...level(titles, 'recommendation_title'),
    parent: { column: titles.subDisciplineId, prop: 'subDisciplineId', level: 'sub_discipline' },
  },
  sub_title: {
    ...level(subTitles, 'recommendation_sub_title'),
    parent: { column: subTitles.titleId, prop: 'titleId', level: 'title' },
  },
  item: {
    ...level(items, 'recommendation_item'),
    parent: { column: items.subTitleId, prop: 'subTitleId', level: 'sub_title' },
    content: { en: items.content, my: items.contentMy },
  },
};

export interface NodeRow {
  id: number;
  name: string;
  name_my: string | null;
  position: number;
  parent_id: number | null;
  content?: string | null;
  content_my?: string | null;
}

/** A node's texts as the editor writes them; a Burmese text left out (undefined) stays as it is. */
export interface NodeTexts {
  name: string;
  name_my?: string | null;
  content?: string | null;
  content_my?: string | null;
}

/** Queries of the recommendation tree for its editors; `db` may be a transaction. */
export function recommendationTreeRepository(db: Db) {
  const select = (l: LevelSpec) => ({
    id: l.id,
    name: l.name,
    name_my: l.nameMy,
    position: l.position,
    ...(l.parent ? { parent_id: l.parent.column } : {}),
    ...(l.content ? { content: l.content.en, content_my: l.content.my } : {}),
  });
  const shape = (r: Record<string, unknown>): NodeRow => ({
    ...(r as unknown as NodeRow),
    parent_id: (r.parent_id as number | undefined) ?? null,
  });
  return {
    /** Every node of a level in tree order (position, then id). */
    async all(level: RecommendationLevel): Promise<NodeRow[]> {
      const l = LEVELS[level];
      const rows = await db.select(select(l)).from(l.table).orderBy(asc(l.position), asc(l.id));
      return rows.map(shape);
    },
    async find(level: RecommendationLevel, id: number): Promise<NodeRow | undefined> {
      const l = LEVELS[level];
      const rows = await db.select(select(l)).from(l.table).where(eq(l.id, id)).limit(1);
      return rows[0] ? shape(rows[0]) : undefined;
    },
    /** The next free position among a parent's children. */
    async nextPosition(level: RecommendationLevel, parentId: number | undefined): Promise<number> {
      const l = LEVELS[level];
      const rows = await db
        .select({ top: max(l.position) })
        .from(l.table)
        .where(l.parent && parentId !== undefined ? eq(l.parent.column, parentId) : undefined);
      const top = rows[0]?.top;
      return top === null || top === undefined ? 0 : Number(top) + 1;
    },
    async insert(level: RecommendationLevel, v: NodeTexts & { position: number; parentId?: number }): Promise<number> {
      const l = LEVELS[level];
      const row: Record<string, unknown> = { name: v.name, nameMy: v.name_my ?? null, position: v.position };
      if (l.parent) row[l.parent.prop] = v.parentId;
      if (l.content) Object.assign(row, { content: v.content ?? null, contentMy: v.content_my ?? null });
      const [created] = await db
        .insert(l.table)
        .values(row as never)
        .returning({ id: l.id });
      return Number((created as { id: number }).id);
    },
    async update(level: RecommendationLevel, id: number, v: NodeTexts & { position?: number }): Promise<void> {
      const l = LEVELS[level];
      const row: Record<string, unknown> = { name: v.name };
      if (v.name_my !== undefined) row.nameMy = v.name_my;
      if (v.position !== undefined) row.position = v.position;
      if (l.content && v.content !== undefined) row.content = v.content;
      if (l.content && v.content_my !== undefined) row.contentMy = v.content_my;
      await db
        .update(l.table)
        .set(row as never)
        .where(eq(l.id, id));
    },
    /** Deletes a node; its children go with it (ON DELETE CASCADE). */
    async remove(level: RecommendationLevel, id: number): Promise<void> {
      const l = LEVELS[level];
      await db.delete(l.table).where(eq(l.id, id));
    },
  };
}
