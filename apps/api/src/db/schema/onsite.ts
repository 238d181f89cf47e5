import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId, stamp } from './columns';
import { inspections } from './inspections';
import { users } from './users';

/** One item of an inspection kind's checklist (issue 30; migration 0023), edited by the committee. */
export const inspectionChecklistItems = pgTable(
  'inspection_checklist_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    position: integer('position').notNull().default(0),
    textEn: text('text_en').notNull(),
    textMy: text('text_my').notNull(),
    recommendation: text('recommendation'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('inspection_checklist_items_kind_idx').on(t.kind, t.position)],
);

/** A photo taken on site: the original byte for byte (its SHA-256 checked on arrival) and a resized copy. */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: serial('id').primaryKey(),
    inspectionId: parentId('inspection_id', () => inspections.id),
    sha256: text('sha256').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    originalKey: text('original_key').notNull(),
    resizedKey: text('resized_key'),
    resizedType: text('resized_type'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
  },
  (t) => [index('inspection_photos_inspection_idx').on(t.inspectionId, t.takenAt)],
);
