import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema/index';
import { PgliteThread } from './pglite-thread';

export type Schema = typeof schema;
/** The one database type that repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `work` in one transaction of `db`, handing it the transaction as the `Db` that
 * repositories and recordAudit take: each driver types its transaction on its own, though
 * the queries are the same, so the one cast lives here rather than at every call.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((t) => work(t as unknown as Db));
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows; for the few queries Drizzle does not express. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` while holding the named cluster-wide lock: a PostgreSQL advisory lock held by
   * one connection of the pool, so of several server processes starting together only one
   * migrates, seeds or indexes at a time. The embedded database has one process (the
   * data-folder lock), so there it simply runs `fn`.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A stable 64-bit advisory-lock key for a name (two int4 halves of its hash would do as well). */
export function advisoryKey(name: string): string {
  let h = 0xcbf29ce484222325n;
  for (const c of Buffer.from(`hpbc:${name}`)) h = BigInt.asUintN(64, (h ^ BigInt(c)) * 0x100000001b3n);
  return BigInt.asIntN(64, h).toString();
}

async function withAdvisoryLock<T>(pool: Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const key = advisoryKey(name);
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens the embedded database (a folder, or memory when dataDir is undefined) or a
 * PostgreSQL server, and applies the committed migrations.
 */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; pglite?: PGlite }): Promise<Database> {
  // Each driver loads only when it is the one used (decision 117): pg with DATABASE_URL,
  // PGlite's own code in this thread only for the tests' in-memory copies.
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // Bigint counts come back as strings from pg; parse them as numbers, as PGlite does.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      // Several processes starting together on a new database: one migrates, the others wait and find it done.
      await withAdvisoryLock(pool, 'migrate', () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      async query<T>(sql: string, params: unknown[] = []) {
        return (await pool.query(sql, params)).rows as T[];
      },
      exclusive: (name, fn) => withAdvisoryLock(pool, name, fn),
      close: () => pool.end(),
    };
  }
  // A data folder (the running portal) gets the database in a thread of its own (decision 113);
  // tests hand in their in-memory copy.
  const client =
    opts.pglite ??
    (opts.pgliteDir ? new PgliteThread(opts.pgliteDir) : (await import('./pglite-options')).createPglite(undefined));
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await client.waitReady;
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows;
    },
    exclusive: (_name, fn) => fn(),
    async close() {
      if (client.closed) return;
      // Flush to disk before closing: PGlite runs with fsync off (the thread does the same itself).
      if (!(client instanceof PgliteThread)) await client.exec('CHECKPOINT').catch(() => undefined);
      await client.close();
    },
  };
}
