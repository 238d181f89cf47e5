import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './pglite-options';
import { PgliteThread } from './pglite-thread';

// The database thread sends PostgreSQL's reply bytes and the server's thread reads them
// (decision 126), with statements kept parsed in the thread: every answer and error must be
// what PGlite's own `query` gives. The same statements run on both, and the answers compare.
const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pg-wire-'));
let thread: PgliteThread;
let pglite: PGlite;
beforeAll(async () => {
  thread = new PgliteThread(path.join(dir, 'pgdata'));
  pglite = createPglite(undefined);
  await Promise.all([thread.waitReady, pglite.waitReady]);
}, 120_000);
afterAll(async () => {
  await thread.close();
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What Drizzle asks for (drizzle-orm/pglite/session.js): dates, times and their arrays as text. */
const drizzle: QueryOptions = {
  rowMode: 'array',
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      (value: string) => value,
    ]),
  ),
};

const FIELDS = [
  'name',
  'message',
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
];
function outcome(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (value) => ({ value }),
    (e: Record<string, unknown>) => ({
      error: Object.fromEntries(FIELDS.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])),
    }),
  );
}

/** Runs on both and expects the same rows, fields and affected rows, or the same error. */
async function same(sql: string, params: unknown[] = [], options?: QueryOptions) {
  const mine = await outcome(thread.query(sql, params, options));
  const theirs = await outcome(
    pglite.query(sql, params, options).then((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
  );
  expect(mine).toStrictEqual(theirs);
  return mine as { value?: { rows: unknown[] }; error?: Record<string, unknown> };
}

const both = async (sql: string) => {
  await thread.exec(sql);
  await pglite.exec(sql);
};

describe("the database thread's rows, read from PostgreSQL's bytes", () => {
  it('gives every type as PGlite does: json, dates, numbers, bytes, NULLs, arrays', async () => {
    const sql = `SELECT
      '{"a":[1,2,{"b":null}],"s":"မြန်မာ"}'::jsonb AS jb, '"text"'::json AS j, 'null'::jsonb AS jn,
      '2026-11-26 12:00:00.123456'::timestamp AS ts, '2026-11-26 12:00:00+06:30'::timestamptz AS tz,
      '2026-11-26'::date AS d, 'infinity'::timestamptz AS inf, '1 day 02:00'::interval AS iv,
      12345678901234567890.123::numeric AS num, 9007199254740993::int8 AS big, 42::int8 AS small,
      1.5::float4 AS f4, 'NaN'::float8 AS nan, '-Infinity'::float8 AS ninf, 7::int2 AS i2, 2147483647 AS i4,
      true AS t, false AS f, '\\x00ff10'::bytea AS by, ''::bytea AS empty_by, NULL::text AS nothing,
      NULL::int[] AS no_array, 'a,b "c"'::text AS quoted, chr(65279) || 'bom' AS bom, '  pad'::char(6) AS pad,
      ARRAY[1, NULL, 3] AS ints, ARRAY['a,b', 'c"d', 'NULL', NULL, 'x\\y', ''] AS texts, ARRAY[[1,2],[3,4]] AS nested,
      ARRAY['{"k":1}'::jsonb, 'null'::jsonb] AS jsons, ARRAY[true, false] AS bools, ARRAY[1.5, 2]::numeric[] AS nums,
      ARRAY['2026-01-01 00:00'::timestamp] AS tss, ARRAY['2026-01-01'::date] AS ds, ARRAY[9007199254740993]::int8[] AS bigs,
      ARRAY['\\x01'::bytea] AS bys, '{}'::int[] AS empty_array, gen_random_uuid() IS NOT NULL AS has_uuid,
      'a fat cat'::tsvector AS tsv, 'ab'::varchar AS vc, 1 AS dup, 2 AS dup`;
    await same(sql);
    await same(sql, [], drizzle);
    await same(sql, [], { rowMode: 'object', parsers: drizzle.parsers });
  });

  it('writes parameters as PGlite does, by their type', async () => {
    const sql = `SELECT $1::bool AS b, $2::jsonb AS j, $3::timestamptz AS t, $4::bytea AS by, $5::int[] AS a,
      $6::text AS nothing, $7::text AS missing, $8::int8 AS big, $9::text AS flag, $10::text[] AS texts`;
    const params = [
      true,
      { a: [1, 'two'], n: null },
      new Date('2026-11-26T12:00:00Z'),
      new Uint8Array([0, 1, 255]),
      [1, null, 3],
      null,
      undefined,
      '9007199254740993',
      false,
      ['a,b', 'c"d', null],
    ];
    // Twice: first as PostgreSQL parses it, then as the statement kept parsed.
    await same(sql, params);
    await same(sql, params);
    await same('SELECT $1::bool AS b', ['not a boolean']);
  });

  it('counts affected rows and answers statements without rows', async () => {
    await both(
      "CREATE TABLE wire_t (id int PRIMARY KEY, name text UNIQUE, at timestamptz DEFAULT '2026-11-26 12:00+06:30')",
    );
    await same('INSERT INTO wire_t (id, name) VALUES ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    await same('UPDATE wire_t SET name = name || $1 WHERE id > $2', ['!', 0]);
    await same('SELECT id, name FROM wire_t WHERE id = $1', [99]);
    await same('DELETE FROM wire_t WHERE id = $1 RETURNING id, name', [2]);
    await same('CREATE INDEX wire_t_at ON wire_t (at)');
    await same('');
    // The same text many times: after five runs PostgreSQL may keep a generic plan.
    for (let i = 0; i < 8; i++) await same('SELECT id, name FROM wire_t WHERE id = $1', [1]);
  });

  it('throws the errors PGlite throws, with their SQLSTATE and fields, and goes on after them', async () => {
    await same('INSERT INTO wire_t (id, name) VALUES ($1, $2)', [1, 'dup']);
    await same('INSERT INTO wire_t (id, name) VALUES ($1, $2)', [3, 'one!']);
    await same('SELEC 1');
    await same('SELECT 1 / $1::int AS x', [0]);
    await same('SELECT * FROM wire_missing');
    await same('SELECT $1::int AS x', []);
    await same('SELECT 1; SELECT 2');
    await same('SELECT id FROM wire_t WHERE id = $1', [1]);
    // A deferred constraint fails at the commit that follows the statement's result.
    await both(`CREATE TABLE wire_parent (id int PRIMARY KEY);
      CREATE TABLE wire_child (parent int REFERENCES wire_parent DEFERRABLE INITIALLY DEFERRED)`);
    await same('INSERT INTO wire_child VALUES ($1)', [5]);
    await same('SELECT count(*)::int AS n FROM wire_child');
  });

  it('keeps transactions: an error spoils the rest until rollback; a rollback undoes', async () => {
    // The same transaction on each side: a duplicate spoils it, then it is rolled back.
    const spoilt = (db: typeof thread | typeof pglite) =>
      db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO wire_t (id, name) VALUES ($1, $2)', [10, 'in tx']);
          const dup = await outcome(tx.query('INSERT INTO wire_t (id, name) VALUES ($1, $2)', [10, 'again']));
          const after = await outcome(tx.query('SELECT id FROM wire_t WHERE id = $1', [10]));
          throw Object.assign(new Error('undo'), { dup, after });
        })
        .catch((e: { dup: unknown; after: unknown }) => [e.dup, e.after]);
    const mine = await spoilt(thread);
    const theirs = await spoilt(pglite);
    expect(mine).toStrictEqual(theirs);
    expect((mine as { error?: { code?: string } }[])[1]!.error?.code).toBe('25P02');
    await same('SELECT id, name FROM wire_t ORDER BY id');
  });

  it('follows a table changed under a kept statement, and DISCARD ALL', async () => {
    await same('SELECT * FROM wire_t ORDER BY id');
    await both('ALTER TABLE wire_t ADD COLUMN extra text DEFAULT $$x$$');
    await same('SELECT * FROM wire_t ORDER BY id');
    await both('DISCARD ALL');
    await same('SELECT * FROM wire_t ORDER BY id');
    await same('SELECT id, name FROM wire_t WHERE id = $1', [1]);
  });

  it('lets go of the least used statements beyond 500 and still answers them', async () => {
    for (let i = 0; i < 520; i++) {
      const { value } = await same(`SELECT ${i} AS n, $1::text AS t`, [String(i)]);
      expect(value?.rows).toEqual([{ n: i, t: String(i) }]);
    }
    await same('SELECT 0 AS n, $1::text AS t', ['again']);
  });

  it('keeps a repeated statement parsed in PostgreSQL, and takes any parser', async () => {
    const sql = 'SELECT id, name FROM wire_t WHERE id = $1';
    await thread.query(sql, [1]);
    const kept = await thread.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements WHERE statement = $1',
      [sql],
    );
    expect(kept.rows).toEqual([{ statement: sql }]);
    // The rows are read in the server's thread: a parser need not cross to the database's.
    const doubled = await thread.query('SELECT 21 AS n', [], { parsers: { 23: (x: string) => Number(x) * 2 } });
    expect(doubled.rows).toEqual([{ n: 42 }]);
  });
});
