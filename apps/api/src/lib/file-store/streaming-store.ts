import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client';
import { sharedFilesDatabase } from './file-store';

/**
 * Files too large to hold in memory (design documents, docs/decisions/069): written as a
 * stream, appended to at an offset (a resumed upload), read back by byte range. The
 * FileStore of ./file-store.ts keeps whole small files; this is its streaming sibling,
 * with the same two back-ends chosen the same way: files under DATA_DIR/<area> with the
 * embedded database, and with DATABASE_URL rows of `file_chunks` (at most CHUNK bytes
 * each, written as they arrive), so several server processes share them (decision 040).
 */
export interface StreamingStore {
  /** How many bytes the file holds (0 when there is none). */
  size(key: string): Promise<number>;
  /**
   * Appends `source` at `offset` (the file's size). Every byte that arrived is kept even
   * when the stream fails halfway (the error is thrown after): a resumed upload goes on
   * from there. Returns the number of bytes written.
   */
  append(key: string, offset: number, source: Readable): Promise<number>;
  /** Writes a whole made file (a stamped copy) under `key`, replacing any. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes from `start` to `end` (inclusive; the end of the file when absent), as a stream. */
  read(key: string, start?: number, end?: number): Readable;
  /** The SHA-256 of the whole file, read as a stream. */
  sha256(key: string): Promise<string>;
  /**
   * Gives the file a new key (an upload becoming a document): no bytes are copied. Fails when
   * there is no file at `from` (another request moved it first).
   */
  rename(from: string, to: string): Promise<void>;
  discard(key: string): Promise<void>;
  /** Runs `fn` with a path on this machine holding the file (a temporary copy for the shared back-end), for tools such as qpdf. */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
}

/** Bytes per chunk row: small enough for many parallel uploads, large enough to keep the rows few. */
export const CHUNK = 1024 * 1024;

export function localStreamingStore(root: string): StreamingStore {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('file path escapes the store folder');
    return full;
  };
  const size = async (key: string) => (await stat(resolve(key)).catch(() => undefined))?.size ?? 0;
  return {
    size,
    async append(key, offset, source) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // 'r+' writes at `start` without truncating; a new file needs 'w'.
      const out = createWriteStream(full, { flags: offset === 0 ? 'w' : 'r+', start: offset, flush: true });
      let failure: unknown;
      await pipeline(source, out).catch((err: unknown) => {
        failure = err;
      });
      const written = (await size(key)) - offset;
      if (failure) throw failure;
      return written;
    },
    async write(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomUUID()}.part`;
      await writeFile(tmp, bytes, { flush: true });
      await rename(tmp, full);
    },
    read(key, start = 0, end) {
      return createReadStream(resolve(key), { start, end });
    },
    sha256(key) {
      return hashOf(createReadStream(resolve(key)));
    },
    async rename(from, to) {
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(resolve(from), target);
    },
    async discard(key) {
      await rm(resolve(key), { force: true });
    },
    withLocalFile(key, fn) {
      return fn(resolve(key));
    },
  };
}

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const toBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

export function databaseStreamingStore(database: Database, area: string): StreamingStore {
  const size = async (key: string) => {
    const [row] = await database.query<{ n: string | number | null }>(
      'SELECT max("start" + "size") AS n FROM file_chunks WHERE area = $1 AND key = $2',
      [area, key],
    );
    return Number(row?.n ?? 0);
  };
  const insert = (key: string, start: number, bytes: Buffer) =>
    database.query('INSERT INTO file_chunks (area, key, "start", "size", bytes) VALUES ($1, $2, $3, $4, $5)', [
      area,
      key,
      start,
      bytes.length,
      bytes,
    ]);
  const store: StreamingStore = {
    size,
    async append(key, offset, source) {
      let pending: Buffer[] = [];
      let pendingSize = 0;
      let at = offset;
      const flush = async () => {
        if (pendingSize === 0) return;
        const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingSize);
        pending = [];
        pendingSize = 0;
        await insert(key, at, bytes);
        at += bytes.length;
      };
      try {
        for await (const piece of source) {
          let buf = toBuffer(piece as Uint8Array);
          while (buf.length > 0) {
            const take = Math.min(CHUNK - pendingSize, buf.length);
            pending.push(buf.subarray(0, take));
            pendingSize += take;
            buf = buf.subarray(take);
            if (pendingSize === CHUNK) await flush();
          }
        }
      } finally {
        // What arrived before a failure is kept: the upload resumes from there.
        await flush();
      }
      return at - offset;
    },
    async write(key, bytes) {
      await store.discard(key);
      await store.append(key, 0, Readable.from([toBuffer(bytes)]));
    },
    read(key, start = 0, end) {
      async function* chunks() {
        let pos = start;
        const last = end ?? Number.MAX_SAFE_INTEGER;
        // One chunk at a time: a range read holds at most one chunk in memory.
        while (pos <= last) {
          const [row] = await database.query<{ start: string | number; bytes: Uint8Array }>(
            `SELECT "start", bytes FROM file_chunks WHERE area = $1 AND key = $2 AND "start" <= $3 AND "start" + "size" > $3
             ORDER BY "start" LIMIT 1`,
            [area, key, pos],
          );
          if (!row) return;
          const bytes = toBuffer(row.bytes);
          const from = pos - Number(row.start);
          const to = Math.min(bytes.length, last - Number(row.start) + 1);
          yield bytes.subarray(from, to);
          pos = Number(row.start) + to;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    sha256(key) {
      return hashOf(store.read(key));
    },
    async rename(from, to) {
      // Like a local file's rename, one of nothing fails: of two attaches of one upload at once,
      // only the first gets its bytes, and the other makes no (empty) document (decision 135).
      const moved = await database.query(
        'UPDATE file_chunks SET key = $3 WHERE area = $1 AND key = $2 RETURNING "start"',
        [area, from, to],
      );
      if (moved.length === 0) throw new Error(`no file to rename: ${area}/${from}`);
    },
    async discard(key) {
      await database.query('DELETE FROM file_chunks WHERE area = $1 AND key = $2', [area, key]);
    },
    async withLocalFile(key, fn) {
      const dir = await mkdtemp(path.join(tmpdir(), 'hpbc-file-'));
      const file = path.join(dir, 'file');
      try {
        const handle = await open(file, 'wx', 0o600);
        await handle.close();
        await pipeline(store.read(key), createWriteStream(file));
        return await fn(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  return store;
}

/** The streaming store of one area of DATA_DIR: local files, or chunk rows when files are shared (DATABASE_URL). */
export function dataDirStreamingStore(dataDir: string, area: string): StreamingStore {
  const shared = sharedFilesDatabase(dataDir);
  if (shared) return databaseStreamingStore(shared, area);
  return localStreamingStore(path.join(dataDir, area));
}
