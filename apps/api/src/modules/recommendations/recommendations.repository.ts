import { asc, eq } from 'drizzle-orm';
import type { Discipline, DisciplineTree } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { disciplines, items, subDisciplines, subTitles, titles } from '../../db/schema/index';

/**
 * A node as the public answers give it: id and name, and name_my only when the committee gave
 * a Burmese name (decision 106: the fields of docs/api.md stay as they are, the new ones are
 * optional).
 */
const named = (r: { id: number; name: string; nameMy: string | null }) => ({
  id: r.id,
  name: r.name,
  ...(r.nameMy ? { name_my: r.nameMy } : {}),
});

export function recommendationsRepository(db: Db) {
  const disciplineColumns = { id: disciplines.id, name: disciplines.name, nameMy: disciplines.nameMy };
  return {
    async listDisciplines(): Promise<Discipline[]> {
      const rows = await db
        .select(disciplineColumns)
        .from(disciplines)
        .orderBy(asc(disciplines.position), asc(disciplines.id));
      return rows.map(named);
    },
    /** The whole tree, or one discipline's; five flat queries assembled in memory. */
    async tree(disciplineId?: number): Promise<DisciplineTree[]> {
      const ds = await db
        .select(disciplineColumns)
        .from(disciplines)
        .where(disciplineId === undefined ? undefined : eq(disciplines.id, disciplineId))
        .orderBy(asc(disciplines.position), asc(disciplines.id));
      if (ds.length === 0) return [];
      const [sds, ts, sts, its] = await Promise.all([
        db.select().from(subDisciplines).orderBy(asc(subDisciplines.position), asc(subDisciplines.id)),
        db.select().from(titles).orderBy(asc(titles.position), asc(titles.id)),
        db.select().from(subTitles).orderBy(asc(subTitles.position), asc(subTitles.id)),
        db.select().from(items).orderBy(asc(items.position), asc(items.id)),
      ]);
      const byParent = <T, K extends keyof T>(rows: T[], key: K) => {
        const map = new Map<T[K], T[]>();
        for (const r of rows) map.set(r[key], [...(map.get(r[key]) ?? []), r]);
        return map;
      };
      const itemsBy = byParent(its, 'subTitleId');
      const subTitlesBy = byParent(sts, 'titleId');
      const titlesBy = byParent(ts, 'subDisciplineId');
      const subDisciplinesBy = byParent(sds, 'disciplineId');
      return ds.map((d) => ({
        ...named(d),
        sub_disciplines: (subDisciplinesBy.get(d.id) ?? []).map((sd) => ({
          ...named(sd),
          titles: (titlesBy.get(sd.id) ?? []).map((t) => ({
            ...named(t),
            sub_titles: (subTitlesBy.get(t.id) ?? []).map((st) => ({
              ...named(st),
              items: (itemsBy.get(st.id) ?? []).map((i) => ({
                ...named(i),
                content: i.content,
                ...(i.contentMy ? { content_my: i.contentMy } : {}),
              })),
            })),
          })),
        })),
      }));
    },
  };
}
