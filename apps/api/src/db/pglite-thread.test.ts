import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-outage';
import { openDatabase, type Database } from './client';
import { fileChunks, projects } from './schema/index';

// The embedded database of a data folder runs in a thread of its own (decision 113): the
// same answers, errors and transactions as in the server's thread.
const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pglite-thread-'));
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const project = (rnNumber: number, projectName: string) => ({
  rnNumber,
  projectName,
  developer: 'ရွှေတောင် ဖွံ့ဖြိုးရေး ကုမ္ပဏီ',
  status: 'Active',
  basement: 1,
  storey: 12,
  buildingHeight: 40.5,
  location: 'Bahan',
  region: 'Yangon (West) District',
  state: 'Yangon Region',
});

describe('the embedded database in its own thread', () => {
  it('answers Drizzle as PGlite does: rows, timestamps as dates, bytes as bytes', async () => {
    const [row] = await database.db.insert(projects).values(project(7001, 'Thread Tower')).returning();
    expect(row).toMatchObject({ rnNumber: 7001, projectName: 'Thread Tower', buildingHeight: 40.5 });
    expect(row!.createdAt).toBeInstanceOf(Date);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await database.db.insert(fileChunks).values({ area: 'test', key: 'k', start: 0, size: bytes.length, bytes });
    const [chunk] = await database.db.select().from(fileChunks).where(eq(fileChunks.key, 'k'));
    expect(Buffer.compare(Buffer.from(chunk!.bytes), bytes)).toBe(0);
    expect(await database.query('SELECT $1::text AS t, $2::int AS n', ['မြန်မာ', 3])).toEqual([{ t: 'မြန်မာ', n: 3 }]);
  });

  it('keeps the error fields the server reads (SQLSTATE code, constraint)', async () => {
    await database.db.insert(projects).values(project(7002, 'Unique Tower'));
    const err = await database.db
      .insert(projects)
      .values(project(7002, 'Unique Tower again'))
      .then(() => null)
      .catch((e: unknown) => e as { code?: string; cause?: { code?: string; constraint?: string } });
    const code = err?.code ?? err?.cause?.code;
    expect(code).toBe('23505');
  });

  it('commits a transaction that returns and rolls back one that throws; other queries wait for it', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(projects).values(project(7003, 'Committed'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(projects).values(project(7004, 'Rolled back'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = async () =>
      (
        await database.query<{ rn_number: number }>('SELECT rn_number FROM projects WHERE rn_number IN (7003, 7004)')
      ).map((r) => r.rn_number);
    expect(await names()).toEqual([7003]);

    // A query from outside runs after the open transaction ends, never inside it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inside = database.db.transaction(async (tx) => {
      await tx.insert(projects).values(project(7005, 'Slow writer'));
      await gate;
      await tx.execute(sql`SELECT 1`);
      throw new Error('undo');
    });
    const outside = names();
    release();
    await expect(inside).rejects.toThrow('undo');
    expect(await outside).toEqual([7003]);
  });

  it('runs a query off the server thread: timers keep firing while it works', async () => {
    // In the server's thread, WebAssembly runs the whole query before anything else can run.
    let done = false;
    const slow = database
      .query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 4000000)')
      .finally(() => (done = true));
    let turns = 0;
    while (!done) {
      await new Promise((r) => setTimeout(r, 1));
      turns++;
    }
    expect(await slow).toEqual([{ n: 4000000 }]);
    expect(turns).toBeGreaterThan(20);
  });

  it('answers "closed" once closed, which the server takes for an outage (503), not a fault', async () => {
    const other = await openDatabase({ pgliteDir: path.join(dir, 'second') });
    await other.close();
    const err = await other.query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
