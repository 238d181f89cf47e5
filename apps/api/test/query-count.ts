import type { Database } from '../src/db/client';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The statements the database is sent while `fn` runs (issue 31: what a request costs is
 * mostly how many queries it makes). Counts at the driver that both Drizzle and
 * `database.query` use: the PGlite instance, or the PostgreSQL pool.
 */
export async function queriesOf<T>(database: Database, fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const client = (database.db as unknown as { session: { client: Queryable } }).session.client;
  const original = client.query;
  const sql: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = args[0];
    sql.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), sql };
  } finally {
    client.query = original;
  }
}
