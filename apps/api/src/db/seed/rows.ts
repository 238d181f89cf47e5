import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** The rows of db.execute(), which node-postgres and PGlite shape alike ({ rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** Whether a table (a fixed name from our own code) has no rows. */
export async function isEmpty(db: Db, table: string): Promise<boolean> {
  const rows = rowsOf<{ found: unknown }>(await db.execute(sql.raw(`SELECT 1 AS found FROM ${table} LIMIT 1`)));
  return rows.length === 0;
}
