import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { parentId, treeNodeColumns } from './columns';

/** The technical recommendation tree: discipline → sub-discipline → title → sub-title → item. */
export const disciplines = pgTable('disciplines', {
  id: serial('id').primaryKey(),
  ...treeNodeColumns(),
});

export const subDisciplines = pgTable(
  'sub_disciplines',
  {
    id: serial('id').primaryKey(),
    disciplineId: parentId('discipline_id', () => disciplines.id),
    ...treeNodeColumns(),
  },
  (t) => [index('sub_disciplines_parent_idx').on(t.disciplineId)],
);

export const titles = pgTable(
  'recommendation_titles',
  {
    id: serial('id').primaryKey(),
    subDisciplineId: parentId('sub_discipline_id', () => subDisciplines.id),
    ...treeNodeColumns(),
  },
  (t) => [index('recommendation_titles_parent_idx').on(t.subDisciplineId)],
);

export const subTitles = pgTable(
  'recommendation_sub_titles',
  {
    id: serial('id').primaryKey(),
    titleId: parentId('title_id', () => titles.id),
    ...treeNodeColumns(),
  },
  (t) => [index('recommendation_sub_titles_parent_idx').on(t.titleId)],
);

export const items = pgTable(
  'recommendation_items',
  {
    id: serial('id').primaryKey(),
    subTitleId: parentId('sub_title_id', () => subTitles.id),
    ...treeNodeColumns(),
    content: text('content'),
    /** The item's text in Burmese, when the committee has given one (decision 106). */
    contentMy: text('content_my'),
  },
  (t) => [index('recommendation_items_parent_idx').on(t.subTitleId)],
);
