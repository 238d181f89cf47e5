import type { Database } from '../db/client';

/**
 * A write in this process tells the prepared answers of the same database at once that a
 * list changed (the triggers' counter tells every other process within a second).
 */
const listeners = new WeakMap<Database, Map<string, Set<() => void>>>();

export function onContentChanged(database: Database, name: string, listener: () => void): void {
  let byName = listeners.get(database);
  if (!byName) listeners.set(database, (byName = new Map()));
  let set = byName.get(name);
  if (!set) byName.set(name, (set = new Set()));
  set.add(listener);
}

/** Call after the transaction that changed the list `name` committed. */
export function contentChanged(database: Database, name: string): void {
  for (const listener of listeners.get(database)?.get(name) ?? []) listener();
}
