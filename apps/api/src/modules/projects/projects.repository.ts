import { and, asc, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Project, ProjectFilterValues } from '@hpbc/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema/index';

/** The columns of the public project list, by their API names (the register editor shows the same). */
export const PROJECT_COLUMNS = {
  id: projects.id,
  rn_number: projects.rnNumber,
  project_name: projects.projectName,
  developer: projects.developer,
  status: projects.status,
  basement: projects.basement,
  storey: projects.storey,
  building_height: projects.buildingHeight,
  location: projects.location,
  region: projects.region,
  state: projects.state,
};

/** Case-insensitive substring; strpos rather than LIKE so % and _ in the filter are plain text. */
function contains(column: AnyPgColumn, needle: string): SQL {
  return sql`strpos(lower(${column}), ${needle}) > 0`;
}

/** The SQL form of projectMatches() in @hpbc/shared; the route test checks they agree. */
function where(filters: ProjectFilterValues): SQL | undefined {
  // Retired projects are not public.
  const conditions: SQL[] = [isNull(projects.retiredAt)];
  const name = filters.projectName.trim().toLowerCase();
  if (name) conditions.push(contains(projects.projectName, name));
  if (filters.status) conditions.push(eq(projects.status, filters.status));
  const location = filters.location.trim().toLowerCase();
  if (location) {
    conditions.push(
      or(
        contains(projects.location, location),
        contains(projects.region, location),
        contains(projects.state, location),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function projectsRepository(db: Db) {
  return {
    /**
     * The public list, highest RN number first, in batches of `size`: keyset on the unique
     * rn_number (its index), so each batch is a short index read on PostgreSQL and PGlite
     * alike, and the whole list is never in memory (docs/decisions/110).
     */
    async *listInBatches(size = 1000): AsyncGenerator<Project[]> {
      let below: number | undefined;
      for (;;) {
        const rows = await db
          .select(PROJECT_COLUMNS)
          .from(projects)
          .where(
            below === undefined
              ? isNull(projects.retiredAt)
              : and(isNull(projects.retiredAt), lt(projects.rnNumber, below)),
          )
          .orderBy(desc(projects.rnNumber))
          .limit(size);
        if (rows.length) yield rows;
        if (rows.length < size) return;
        below = rows[rows.length - 1]!.rn_number;
      }
    },
    async findById(id: number): Promise<Project | undefined> {
      const rows = await db
        .select(PROJECT_COLUMNS)
        .from(projects)
        .where(and(eq(projects.id, id), isNull(projects.retiredAt)))
        .limit(1);
      return rows[0];
    },
    /** One page of the filtered list, highest RN number first, and how many match in all. */
    async findPage(
      filters: ProjectFilterValues,
      offset: number,
      limit: number,
    ): Promise<{ rows: Project[]; total: number }> {
      const condition = where(filters);
      const [totalRows, rows] = await Promise.all([
        db.select({ n: count() }).from(projects).where(condition),
        db
          .select(PROJECT_COLUMNS)
          .from(projects)
          .where(condition)
          .orderBy(desc(projects.rnNumber))
          .limit(limit)
          .offset(offset),
      ]);
      return { rows, total: Number(totalRows[0]?.n ?? 0) };
    },
    async statuses(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ status: projects.status })
        .from(projects)
        .where(isNull(projects.retiredAt))
        .orderBy(asc(projects.status));
      return rows.map((r) => r.status);
    },
  };
}
