import { asc, eq, max } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditRecordType, RecommendationLevel } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { disciplines, items, subDisciplines, subTitles, titles } from '../../db/schema/index';

interface LevelSpec {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  position: AnyPgColumn;
  /** The column naming the parent, and its property name; none for disciplines. */
  parent?: { column: AnyPgColumn; prop: string; level: RecommendationLevel };
  content?: AnyPgColumn;
  recordType: AuditRecordType;
}

type LevelTable = PgTable & { id: AnyPgColumn; name: AnyPgColumn; position: AnyPgColumn };

/** A level's table, the columns every level has, and its audit record type. */
const level = (t: LevelTable, recordType: AuditRecordType) => ({
  table: t,
  id: t.id,
  name: t.name,
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
    content: items.content,
  },
};

export interface NodeRow {
  id: number;
  name: string;
  position: number;
  parent_id: number | null;
  content?: string | null;
}

/** Queries of the recommendation tree for its editors; `db` may be a transaction. */
export function recommendationTreeRepository(db: Db) {
  const select = (l: LevelSpec) => ({
    id: l.id,
    name: l.name,
    position: l.position,
    ...(l.parent ? { parent_id: l.parent.column } : {}),
    ...(l.content ? { content: l.content } : {}),
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
    async insert(
      level: RecommendationLevel,
      v: { name: string; position: number; content?: string | null; parentId?: number },
    ): Promise<number> {
      const l = LEVELS[level];
      const row: Record<string, unknown> = { name: v.name, position: v.position };
      if (l.parent) row[l.parent.prop] = v.parentId;
      if (l.content) row.content = v.content ?? null;
      const [created] = await db
        .insert(l.table)
        .values(row as never)
        .returning({ id: l.id });
      return Number((created as { id: number }).id);
    },
    async update(
      level: RecommendationLevel,
      id: number,
      v: { name: string; position?: number; content?: string | null },
    ): Promise<void> {
      const l = LEVELS[level];
      const row: Record<string, unknown> = { name: v.name };
      if (v.position !== undefined) row.position = v.position;
      if (l.content && v.content !== undefined) row.content = v.content;
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
