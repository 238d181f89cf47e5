import { customType, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders several tables share, so each table states only what is its own. Each
 * call makes new builders (Drizzle binds a builder to one table). Not exported from
 * index.ts: these are not tables. This file imports no table, so every table file can use
 * it (a reference is passed in as a function, as Drizzle takes it).
 */

/** An instant: `timestamp with time zone`, read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was made (or, with 'updated_at', last changed); the database fills it in. */
export const stamp = (name: 'created_at' | 'updated_at') => instant(name).notNull().defaultNow();

/** A required reference to the parent row, deleted with it. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** A history row's own columns: the status reached, a note, who moved it (`users.id`, kept if they go) and when. */
export const statusChangeColumns = (actor: () => AnyPgColumn) => ({
  status: text('status').notNull(),
  note: text('note'),
  actorId: integer('actor_id').references(actor, { onDelete: 'set null' }),
  createdAt: stamp('created_at'),
});

/** A single-use secret's life: until when it may be used, when it was, and when it was made. */
export const singleUseColumns = () => ({
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: stamp('created_at'),
});

/**
 * A node of the recommendation tree: its name (and, optionally, its Burmese name, decision
 * 106) and its place among its siblings.
 */
export const treeNodeColumns = () => ({
  name: text('name').notNull(),
  nameMy: text('name_my'),
  position: integer('position').notNull().default(0),
});

/** Raw bytes (a stored file, a chunk of one). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
