import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/** The committee's public project list. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    rnNumber: integer('rn_number').notNull().unique(),
    projectName: text('project_name').notNull(),
    developer: text('developer').notNull(),
    status: text('status').notNull(),
    basement: integer('basement').notNull().default(0),
    storey: integer('storey').notNull(),
    /**
     * Metres above ground; null when not given: Form One asks no height, so a project published
     * on approval has none until the committee enters one (issue 28, item 6; decision 104).
     */
    buildingHeight: doublePrecision('building_height'),
    /** Township. */
    location: text('location').notNull(),
    /** District. */
    region: text('region').notNull(),
    /** Region or State of the Union. */
    state: text('state').notNull(),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
    /** Retired projects leave the public list and detail pages; an administrator can restore them. */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('projects_status_idx').on(t.status)],
);
