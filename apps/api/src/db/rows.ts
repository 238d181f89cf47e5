import { eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Queries several repositories make the same way on their own tables, written once. `db`
 * may be a transaction. (Drizzle cannot type a query over a table it does not know yet,
 * hence the casts to the table's own row types.)
 */

type Order = PgColumn | SQL;

/**
 * The rows of `table` whose `column` is one of `ids`, in `order`; no query when there are no
 * ids (what an answer listing several records adds to each of them).
 */
export function rowsWhereIn<T extends PgTable>(
  db: Db,
  table: T,
  column: PgColumn,
  ids: number[],
  ...order: Order[]
): Promise<T['$inferSelect'][]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(table as PgTable)
    .where(inArray(column, ids))
    .orderBy(...order) as Promise<T['$inferSelect'][]>;
}

/** A table whose rows have a serial `id` and belong to a registration. */
type RegistrationChildTable = PgTable & { id: PgColumn; registrationId: PgColumn };

/**
 * Adding a row to such a table, reading one by its id, and a registration's rows in `order`:
 * the same three queries for the change reports and the presentations (issue 30).
 */
export function registrationChildRows<T extends RegistrationChildTable>(db: Db, table: T, ...order: Order[]) {
  type Row = T['$inferSelect'];
  return {
    async insert(row: T['$inferInsert']): Promise<Row> {
      const [saved] = (await db
        .insert(table as PgTable)
        .values(row)
        .returning()) as Row[];
      return saved!;
    },

    async findById(id: number): Promise<Row | undefined> {
      const [row] = (await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))) as Row[];
      return row;
    },

    ofRegistration(registrationId: number): Promise<Row[]> {
      return db
        .select()
        .from(table as PgTable)
        .where(eq(table.registrationId, registrationId))
        .orderBy(...order) as Promise<Row[]>;
    },
  };
}

/**
 * Rows of `table` that PostgreSQL wrote out as JSON (`json_agg` of whole rows, keyed by the
 * columns' names), made into the row objects a `select()` of the table answers: each column's
 * own reading applies (a timestamp's text becomes a Date, as from the driver). For answers that
 * read a record with its child rows in one statement (issue 31: one query, not one per table).
 * A JSON timestamp differs from the driver's text only in its 'T'; numbers, booleans and JSON
 * columns arrive as JSON values, as the drivers parse them.
 */
export function rowsFromJson<T extends PgTable>(table: T, rows: unknown): T['$inferSelect'][] {
  const list = (typeof rows === 'string' ? JSON.parse(rows) : (rows ?? [])) as Record<string, unknown>[];
  const columns = Object.entries(getTableColumns(table));
  return list.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = r[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  });
}
