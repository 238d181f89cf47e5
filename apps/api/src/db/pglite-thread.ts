import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { readResults, typeParsers, type Parsers } from './pg-wire';

/**
 * The embedded database in a thread of its own (docs/decisions/113-embedded-database-in-a-thread.md).
 * PGlite is PostgreSQL compiled to WebAssembly: in the server's thread every query stops
 * every other request while it runs (the mixed-load profile: 58 % of that thread's time).
 * Here the queries run in a worker thread, on the machine's other core, and the server's
 * thread only sends them and reads the rows from PostgreSQL's reply bytes, which the thread
 * hands over unread (docs/decisions/126-the-database-thread-sends-bytes.md). It offers the part of PGlite's interface that
 * Drizzle and `Database` use: query, exec, transaction, waitReady, close, closed.
 */

export type ThreadRequest = { id: number } & (
  | { op: 'ready' }
  | { op: 'begin' }
  | { op: 'close' }
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'end'; tx: number; commit: boolean }
);
export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

type Call = { [K in ThreadRequest['op']]: Omit<Extract<ThreadRequest, { op: K }>, 'id'> }[ThreadRequest['op']];

/** A database error from the thread, with the fields the server reads (code, constraint...). */
class ThreadedDatabaseError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    Object.assign(this, fields);
  }
}

interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export class PgliteThread implements Queryable {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private next = 1;
  private ended: Error | null = null;
  /** PGlite's type parsers, with the array types the thread's PGlite found. */
  private parsers: Parsers = typeParsers([]);
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | undefined) {
    // The worker is TypeScript, and a worker does not inherit the process's tsx hooks: its
    // first file registers them.
    this.worker = new Worker(new URL('./pglite-thread.boot.mjs', import.meta.url), { workerData: dataDir });
    this.worker.on('message', (m: ThreadReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new ThreadedDatabaseError(m.error));
    });
    const fail = (err: Error) => {
      this.ended ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('PGlite is closed')));
    this.waitReady = this.call<{ arrays: [number, number | null][] }>({ op: 'ready' }).then(({ arrays }) => {
      this.parsers = typeParsers(arrays);
    });
  }

  get closed(): boolean {
    return this.ended !== null;
  }

  private call<T>(req: Call): Promise<T> {
    if (this.ended) return Promise.reject(new Error('PGlite is closed'));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...req });
    });
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    // Any parser works now: the rows are read here, not in the thread.
    return readResults<T>(await this.call<ArrayBuffer>({ op: 'query', sql, params, tx }), this.parsers, options);
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /** As PGlite's: `fn`'s queries run inside one transaction, committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: Queryable & { closed: boolean }) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let open = true;
    const handle = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params ?? [], options, tx),
      exec: (sql: string) => this.exec(sql, tx),
      get closed() {
        return !open;
      },
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      open = false;
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    open = false;
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.ended = new Error('PGlite is closed');
    await this.worker.terminate();
  }
}
