// The embedded database's own thread (docs/decisions/113-embedded-database-in-a-thread.md):
// PGlite runs here, and the server's thread sends it queries by message (pglite-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { protocol, type Results, type Transaction } from '@electric-sql/pglite';
import { parameterTypes, replyError } from './pg-wire';
import { createPglite } from './pglite-options';
import type { ThreadReply, ThreadRequest } from './pglite-thread';

const port = parentPort!;
const db = createPglite(workerData as string);
const wire = protocol.serialize;

/** Open transactions: their handle and how the main thread ends each; and how each ended. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const endings = new Map<number, Promise<unknown>>();
let nextTx = 1;

/** The fields the server reads (SQLSTATE code, constraint...): a thread boundary keeps only an Error's message. */
function errorFields(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { name: e.name ?? 'Error', message: e.message ?? String(err) };
  for (const k of ['code', 'severity', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'position']) {
    if (e[k] !== undefined) out[k] = e[k];
  }
  return out;
}

const shape = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/**
 * One round through PostgreSQL: the messages in, its reply's bytes out, unread. PGlite's own
 * `query` sends a query's five messages one call at a time, reads every reply into message
 * objects and then rows here (decision 126: that was half of this thread's time); the rows
 * are read in the server's thread instead (db/pg-wire.ts), which has time to spare.
 */
async function roundTrip(...messages: Uint8Array[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // The chunks are views of PostgreSQL's memory, reused by the next write: copied at once.
  await db.execProtocolRawStream(join(messages), { syncToFs: false, onRawData: (b) => chunks.push(b.slice()) });
  return join(chunks);
}

function join(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Statements kept parsed in PostgreSQL, by their text: their name and parameter types. A
 * repeated query (Drizzle writes the same text for the same query) is then one Bind/Execute:
 * no parse, and a plan kept once PostgreSQL finds a generic one as good. Only reads and
 * writes of rows are kept (not the migrations' one-off DDL), the most recently used 500.
 */
const prepared = new Map<string, { name: string; types: number[] }>();
const PREPARED_MAX = 500;
const KEEPABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
let nextName = 1;

/** A reply that is an error goes to the server's thread as it is: it throws it there. */
async function prepare(sql: string, name: string): Promise<{ types: number[] } | { failed: Uint8Array }> {
  const reply = await roundTrip(wire.parse({ name, text: sql }), wire.describe({ type: 'S', name }), wire.sync());
  return replyError(reply) ? { failed: reply } : { types: parameterTypes(reply) };
}

async function forget(sql: string): Promise<void> {
  const p = prepared.get(sql);
  if (!p) return;
  prepared.delete(sql);
  await roundTrip(wire.close({ type: 'S', name: p.name }), wire.sync());
}

/** Parameters as PGlite's `query` writes them: by the parameter's type, else as text. */
function values(params: unknown[], types: number[]): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serialize = db.serializers[types[i]!];
    return serialize ? serialize(param) : String(param);
  });
}

const execute = (statement: string, params: unknown[], types: number[]) =>
  roundTrip(
    wire.bind({ statement, values: values(params, types) }),
    wire.describe({ type: 'P' }),
    wire.execute({}),
    wire.sync(),
  );

/** A query's reply bytes (Bind, Describe, Execute, Sync); inside the mutexes PGlite's `query` takes. */
async function runQuery(sql: string, params: unknown[], inTransaction: boolean): Promise<Uint8Array> {
  if (!KEEPABLE.test(sql)) {
    // The unnamed statement, as PGlite's `query`; one round when there is nothing to write.
    if (params.length === 0) {
      return roundTrip(
        wire.parse({ text: sql }),
        wire.bind({}),
        wire.describe({ type: 'P' }),
        wire.execute({}),
        wire.sync(),
      );
    }
    const p = await prepare(sql, '');
    return 'failed' in p ? p.failed : execute('', params, p.types);
  }
  let kept = prepared.get(sql);
  if (kept) {
    // Most recently used last: the first is the one let go when there are too many.
    prepared.delete(sql);
    prepared.set(sql, kept);
  } else {
    const name = `hpbc_${nextName++}`;
    const p = await prepare(sql, name);
    if ('failed' in p) return p.failed;
    kept = { name, types: p.types };
    prepared.set(sql, kept);
    if (prepared.size > PREPARED_MAX) await forget(prepared.keys().next().value!);
  }
  // A wrong count of parameters is refused by PostgreSQL naming the statement: through the
  // unnamed one, the message is PGlite's own.
  if (params.length !== kept.types.length) {
    const p = await prepare(sql, '');
    return 'failed' in p ? p.failed : execute('', params, p.types);
  }
  const reply = await execute(kept.name, params, kept.types);
  // A statement PostgreSQL no longer has (26000) or whose columns changed under it (0A000,
  // after DDL): prepared again, and run again when no transaction was spoilt by the error.
  const code = replyError(reply)?.code;
  if (code === '26000' || code === '0A000') {
    await forget(sql);
    if (!inTransaction) return runQuery(sql, params, inTransaction);
  }
  return reply;
}

async function query(m: Extract<ThreadRequest, { op: 'query' }>): Promise<Uint8Array> {
  if (m.tx !== undefined) {
    target(m.tx);
    return db._runExclusiveQuery(() => runQuery(m.sql, m.params, true));
  }
  await db._checkReady();
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      const reply = await runQuery(m.sql, m.params, false);
      await db.syncToFs();
      return reply;
    }),
  );
}

/** The array types PGlite found when it opened, with their element types: the server's thread parses them as PGlite does. */
async function arrayTypes(): Promise<[number, number | null][]> {
  const { rows } = await db.query<{ oid: number | null; typarray: number }>(`
    SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray
    ORDER BY b.oid
  `);
  return rows.filter((r) => r.typarray in db.parsers).map((r) => [r.typarray, r.oid]);
}

function target(tx: number | undefined) {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error('the transaction has ended');
  return t.tx;
}

/** Opens a transaction and answers its number once inside it; it stays open until 'end'. */
function begin(): Promise<number> {
  return new Promise<number>((begun, failed) => {
    const id = nextTx++;
    let inside = false;
    const done = db.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          inside = true;
          open.set(id, {
            tx,
            end: (commit) => (commit ? resolve() : reject(new RolledBack())),
          });
          begun(id);
        }),
    );
    endings.set(id, done);
    done
      .catch((err: unknown) => {
        if (!inside) failed(err);
      })
      .finally(() => {
        open.delete(id);
        endings.delete(id);
      });
  });
}

class RolledBack extends Error {}

async function end(tx: number, commit: boolean): Promise<null> {
  const t = open.get(tx);
  const done = endings.get(tx);
  if (!t || !done) return null;
  t.end(commit);
  // A rollback asked for is not a failure; a commit that fails is.
  await done.catch((err: unknown) => {
    if (!(err instanceof RolledBack)) throw err;
  });
  return null;
}

async function handle(m: ThreadRequest): Promise<unknown> {
  switch (m.op) {
    case 'ready':
      await db.waitReady;
      return { arrays: await arrayTypes() };
    case 'query':
      return query(m);
    case 'exec':
      // DEALLOCATE or DISCARD ALL forgets the statements kept parsed.
      if (/\b(deallocate|discard)\b/i.test(m.sql)) prepared.clear();
      return (await target(m.tx).exec(m.sql)).map(shape);
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx, m.commit);
    case 'close':
      if (!db.closed) {
        await db.exec('CHECKPOINT').catch(() => undefined);
        await db.close();
      }
      return null;
  }
}

port.on('message', (m: ThreadRequest) => {
  handle(m).then(
    (value) => {
      // A query's reply bytes are handed over, not copied.
      if (value instanceof Uint8Array) {
        const bytes = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
        const buffer = bytes.buffer as ArrayBuffer;
        port.postMessage({ id: m.id, ok: true, value: buffer } satisfies ThreadReply, [buffer]);
      } else port.postMessage({ id: m.id, ok: true, value } satisfies ThreadReply);
    },
    (err: unknown) => port.postMessage({ id: m.id, ok: false, error: errorFields(err) } satisfies ThreadReply),
  );
});
