// The embedded database's own thread (docs/decisions/113-embedded-database-in-a-thread.md):
// PGlite runs here, and the server's thread sends it queries by message (pglite-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite-options';
import type { ThreadReply, ThreadRequest } from './pglite-thread';

const port = parentPort!;
const db = createPglite(workerData as string);
const identity = (value: string) => value;

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
      return null;
    case 'query': {
      const parsers = Object.fromEntries(m.raw.map((oid) => [oid, identity]));
      return shape(await target(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers }));
    }
    case 'exec':
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
    (value) => port.postMessage({ id: m.id, ok: true, value } satisfies ThreadReply),
    (err: unknown) => port.postMessage({ id: m.id, ok: false, error: errorFields(err) } satisfies ThreadReply),
  );
});
