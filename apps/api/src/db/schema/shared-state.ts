import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, stamp } from './columns';

/**
 * Settings every server process must agree on, kept in the database (migration 0008): the
 * generated APP_SECRET when none is set and DATABASE_URL is (docs/decisions/041).
 */
export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: stamp('created_at'),
});

/**
 * Files of the shared file store (DATABASE_URL set): one row per file, keyed by the store's
 * area (`uploads`, `registrations`, `documents` ...) and the FileStore key (docs/decisions/040).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    area: text('area').notNull(),
    key: text('key').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ name: 'stored_files_area_key_pk', columns: [t.area, t.key] })],
);
