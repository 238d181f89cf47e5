import { and, asc, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Project, ProjectFilterValues } from '@hpbc/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema/index';
import { rowCount, rowCounts } from '../../lib/row-counts';

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

/**
 * Case-insensitive substring, with %, _ and \ in the filter escaped so they are plain text
 * (docs/api.md, "Paging"). LIKE rather than strpos() so the name's trigram index (migration
 * 0027) finds a rare name among a million without reading them all (docs/decisions/109).
 */
function contains(column: AnyPgColumn, needle: string): SQL {
  return sql`lower(${column}) LIKE ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
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

/** Rows before a page beyond which it is read from the list's other end (findPage). */
export const READ_FROM_THE_END_PAST = 10_000;

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
    /**
     * How many public projects match (the page's `meta.total`; cached per version by the route).
     * Unfiltered or by status only, the kept count (migration 0029), not a count of a million
     * projects after every change of the list (docs/decisions/123); a name or place is counted.
     */
    async count(filters: ProjectFilterValues): Promise<number> {
      if (!filters.projectName.trim() && !filters.location.trim()) {
        return rowCount(db, 'projects', filters.status ? { only: [filters.status] } : undefined);
      }
      const [row] = await db.select({ n: count() }).from(projects).where(where(filters));
      return Number(row?.n ?? 0);
    },
    /**
     * One page of the filtered list, highest RN number first, of `total` matching. A page in
     * the later half is read from the other end (lowest RN first, then reversed), so that the
     * last of a million pages skips as few rows as the first (issue 31; docs/decisions/109).
     */
    /**
     * One page in RN order. A late page of a long list is read from the other end (OFFSET
     * from the start would read every row before it, docs/decisions/109), which trusts
     * `total`: a count a second old (another process's write) shifts that window by the rows
     * changed meanwhile. So only past `fromEndPast` rows, where OFFSET costs; below it a page
     * is read from the start and is exact whatever the count says.
     */
    async findPage(
      filters: ProjectFilterValues,
      offset: number,
      limit: number,
      total: number,
      fromEndPast = READ_FROM_THE_END_PAST,
    ): Promise<Project[]> {
      const condition = where(filters);
      if (offset >= total) return [];
      if (offset < fromEndPast || offset + limit / 2 <= total / 2) {
        return db
          .select(PROJECT_COLUMNS)
          .from(projects)
          .where(condition)
          .orderBy(desc(projects.rnNumber))
          .limit(limit)
          .offset(offset);
      }
      const fromEnd = Math.max(0, total - offset - limit);
      const rows = await db
        .select(PROJECT_COLUMNS)
        .from(projects)
        .where(condition)
        .orderBy(asc(projects.rnNumber))
        .limit(Math.min(limit, total - offset))
        .offset(fromEnd);
      return rows.reverse();
    },
    /**
     * The statuses of public projects: the keys of their kept counts (migration 0029) with any
     * project, not the distinct statuses of every project read (docs/decisions/123).
     */
    async statuses(): Promise<string[]> {
      const counts = await rowCounts(db, 'projects');
      return [...counts].filter(([, n]) => n > 0).map(([status]) => status);
    },
  };
}
