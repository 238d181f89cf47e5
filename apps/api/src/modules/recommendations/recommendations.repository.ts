import { asc, eq } from 'drizzle-orm';
import type { Discipline, DisciplineTree } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { disciplines, items, subDisciplines, subTitles, titles } from '../../db/schema/index';

export function recommendationsRepository(db: Db) {
  return {
    listDisciplines(): Promise<Discipline[]> {
      return db
        .select({ id: disciplines.id, name: disciplines.name })
        .from(disciplines)
        .orderBy(asc(disciplines.position), asc(disciplines.id));
    },
    /** The whole tree, or one discipline's; five flat queries assembled in memory. */
    async tree(disciplineId?: number): Promise<DisciplineTree[]> {
      const ds = await db
        .select({ id: disciplines.id, name: disciplines.name })
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
        ...d,
        sub_disciplines: (subDisciplinesBy.get(d.id) ?? []).map((sd) => ({
          id: sd.id,
          name: sd.name,
          titles: (titlesBy.get(sd.id) ?? []).map((t) => ({
            id: t.id,
            name: t.name,
            sub_titles: (subTitlesBy.get(t.id) ?? []).map((st) => ({
              id: st.id,
              name: st.name,
              items: (itemsBy.get(st.id) ?? []).map((i) => ({ id: i.id, name: i.name, content: i.content })),
            })),
          })),
        })),
      }));
    },
  };
}
