import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The technical recommendation tree: discipline → sub-discipline → title → sub-title → item. */
export const disciplines = pgTable('disciplines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const subDisciplines = pgTable(
  'sub_disciplines',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('sub_disciplines_parent_idx').on(t.disciplineId)],
);

export const titles = pgTable(
  'recommendation_titles',
  {
    id: serial('id').primaryKey(),
    subDisciplineId: integer('sub_discipline_id')
      .notNull()
      .references(() => subDisciplines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('recommendation_titles_parent_idx').on(t.subDisciplineId)],
);

export const subTitles = pgTable(
  'recommendation_sub_titles',
  {
    id: serial('id').primaryKey(),
    titleId: integer('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('recommendation_sub_titles_parent_idx').on(t.titleId)],
);

export const items = pgTable(
  'recommendation_items',
  {
    id: serial('id').primaryKey(),
    subTitleId: integer('sub_title_id')
      .notNull()
      .references(() => subTitles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('recommendation_items_parent_idx').on(t.subTitleId)],
);
