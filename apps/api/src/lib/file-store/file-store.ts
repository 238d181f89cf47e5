import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { safePdfName } from './upload-name';

/**
 * The one file store: checking an upload is a PDF by its content, cleaning upload names,
 * hashing, and keeping files (FileStore, local back-end below). Reading multipart uploads
 * is ./multipart.ts; serving is the static mount of plugins/web-app.ts (documents) or a
 * route that sends the bytes it read here.
 */
type PdfJs = typeof PdfJsModule;

/** A parse that takes longer than this is treated as not a PDF: it keeps a hostile file from holding a request. */
const PARSE_TIMEOUT_MS = 10_000;

let pdfjs: Promise<PdfJs> | undefined;
// Loaded on first use: pdf.js is large and most requests never need it.
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * True when the bytes are a PDF that opens: the header a PDF starts with, then pdf.js
 * parses the document and its first page. A renamed text or image file fails here,
 * whatever its name or declared type.
 */
export async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 8 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of the array it is given; hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PARSE_TIMEOUT_MS);
  });
  const parse = (async () => {
    const doc = await task.promise;
    if (doc.numPages < 1) return false;
    await doc.getPage(1);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([parse, timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A name that is safe to show, store and mail, always ending in `.pdf` (see ./upload-name.ts). */
export function cleanFileName(name: string | undefined, fallback = 'cover-letter.pdf'): string {
  return safePdfName(name, fallback);
}

/** A file the store has written: its key (a path relative to the store's root) and checksum. */
export interface StoredFile {
  key: string;
  sha256: string;
}

/**
 * Where uploaded and generated files live. Every module that keeps files (cover letters,
 * registration PDFs, the library) goes through this interface, so a second back-end
 * (object storage for several servers) implements it once. Keys are relative paths
 * with forward slashes; none may leave the store's root.
 */
export interface FileStore {
  /** Writes new bytes under <folder>/<yyyy>/<uuid><ext>, durably, before anything points at them. */
  save(folder: string, bytes: Buffer, at: Date, ext?: string): Promise<StoredFile>;
  /** Writes bytes under a key the caller chose (a cache of a generated file). */
  write(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The bytes, or undefined when there is no such file. */
  readIfPresent(key: string): Promise<Buffer | undefined>;
  /** Removes a file (nothing happens when it is already gone). */
  discard(key: string): Promise<void>;
  /** Removes every file in the folder of `prefix` whose name starts with its last part. */
  discardPrefix(prefix: string): Promise<void>;
  /** The path relative to DATA_DIR (`<area>/<key>`), as the mail outbox names attachments. */
  dataDirPath(key: string): string;
  /** The folder on this machine, for serving the files as static content (local back-end only). */
  readonly localRoot: string | undefined;
}

/**
 * The local back-end: files under DATA_DIR/<area> (or any folder `root`), written with a
 * temporary name, fsync, rename and an fsync of the folder.
 */
export function localFileStore(opts: { root: string; dataDirPrefix?: string }): FileStore {
  const root = path.resolve(opts.root);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('file path escapes the store folder');
    return full;
  };

  async function durableWrite(full: string, bytes: Buffer, flag: 'wx' | 'w'): Promise<void> {
    const dir = path.dirname(full);
    await mkdir(dir, { recursive: true });
    const tmp = flag === 'wx' ? `${full}.part` : `${full}.${randomUUID()}.part`;
    const handle = await open(tmp, 'wx', 0o640);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, full);
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }

  return {
    localRoot: root,
    async save(folder, bytes, at, ext = '.pdf') {
      const key = path.posix.join(folder, String(at.getUTCFullYear()), `${randomUUID()}${ext}`);
      await durableWrite(resolve(key), bytes, 'wx');
      return { key, sha256: sha256(bytes) };
    },
    async write(key, bytes) {
      await durableWrite(resolve(key), bytes, 'w');
    },
    async read(key) {
      return readFile(resolve(key));
    },
    readIfPresent(key) {
      return readFile(resolve(key)).catch(() => undefined);
    },
    async discard(key) {
      await rm(resolve(key), { force: true });
    },
    async discardPrefix(prefix) {
      const dir = path.dirname(resolve(prefix));
      const start = path.posix.basename(prefix);
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((f) => f.startsWith(start)).map((f) => rm(path.join(dir, f), { force: true })));
    },
    dataDirPath(key) {
      return path.posix.join(opts.dataDirPrefix ?? '', key);
    },
  };
}

/**
 * The shared back-end (DATABASE_URL set): files as rows of `stored_files` (area, key,
 * bytes, size, sha256), so every server process reads what any of them wrote
 * (docs/decisions/040-files-in-postgresql.md). A row is committed before `save` returns,
 * as the local back-end's fsync and rename.
 */
export function databaseFileStore(database: Database, area: string): FileStore {
  const checkKey = (key: string) => {
    const norm = path.posix.normalize(key);
    if (!key || norm !== key || key.startsWith('/') || norm.startsWith('..')) {
      throw new Error('file path escapes the store folder');
    }
    return key;
  };
  async function put(key: string, bytes: Buffer, replace: boolean): Promise<string> {
    const hash = sha256(bytes);
    await database.query(
      `INSERT INTO stored_files (area, key, bytes, size, sha256) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (area, key) DO ${replace ? 'UPDATE SET bytes = EXCLUDED.bytes, size = EXCLUDED.size, sha256 = EXCLUDED.sha256, created_at = now()' : 'NOTHING'}`,
      [area, checkKey(key), bytes, bytes.length, hash],
    );
    return hash;
  }
  async function get(key: string): Promise<Buffer | undefined> {
    const [row] = await database.query<{ bytes: Uint8Array }>(
      'SELECT bytes FROM stored_files WHERE area = $1 AND key = $2',
      [area, checkKey(key)],
    );
    if (!row) return undefined;
    return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  }
  return {
    localRoot: undefined,
    async save(folder, bytes, at, ext = '.pdf') {
      const key = path.posix.join(folder, String(at.getUTCFullYear()), `${randomUUID()}${ext}`);
      return { key, sha256: await put(key, bytes, false) };
    },
    async write(key, bytes) {
      await put(key, bytes, true);
    },
    async read(key) {
      const bytes = await get(key);
      if (!bytes) throw Object.assign(new Error(`no stored file ${area}/${key}`), { code: 'ENOENT' });
      return bytes;
    },
    readIfPresent: get,
    async discard(key) {
      await database.query('DELETE FROM stored_files WHERE area = $1 AND key = $2', [area, checkKey(key)]);
    },
    async discardPrefix(prefix) {
      const dir = path.posix.dirname(checkKey(prefix));
      const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
      const start = path.posix.basename(prefix);
      // Only the folder of the prefix, as the local back-end: no deeper keys.
      await database.query(
        `DELETE FROM stored_files WHERE area = $1 AND key LIKE $2 AND position('/' in substr(key, $3)) = 0`,
        [area, `${like(dir === '.' ? '' : `${dir}/`)}${like(start)}%`, (dir === '.' ? 0 : dir.length + 1) + 1],
      );
    },
    dataDirPath(key) {
      return path.posix.join(area, key);
    },
  };
}

/** Data folders whose files live in the database instead (set by buildApp when DATABASE_URL is set). */
const sharedDataDirs = new Map<string, Database>();

/**
 * From now on, every store of `dataDir` keeps its files in `database`: each module keeps
 * calling dataDirStore, and gets the shared back-end when several processes share one
 * PostgreSQL. Returns a function that undoes it (tests).
 */
export function keepFilesInDatabase(dataDir: string, database: Database): () => void {
  const dir = path.resolve(dataDir);
  sharedDataDirs.set(dir, database);
  return () => {
    if (sharedDataDirs.get(dir) === database) sharedDataDirs.delete(dir);
  };
}

/** The database that keeps the files of `dataDir`, when they are shared (see keepFilesInDatabase). */
export function sharedFilesDatabase(dataDir: string): Database | undefined {
  return sharedDataDirs.get(path.resolve(dataDir));
}

/** True when the stores of `dataDir` are in the database (see keepFilesInDatabase). */
export function filesAreShared(dataDir: string): boolean {
  return sharedDataDirs.has(path.resolve(dataDir));
}

/**
 * The store of one area of DATA_DIR: `uploads` (cover letters), `registrations` (PDFs),
 * `documents` (the library), or any new area. Local folders with the embedded database;
 * rows of stored_files when the files are shared (DATABASE_URL).
 */
export function dataDirStore(dataDir: string, area: string): FileStore {
  const shared = sharedDataDirs.get(path.resolve(dataDir));
  if (shared) return databaseFileStore(shared, area);
  return localFileStore({ root: path.join(dataDir, area), dataDirPrefix: area });
}

/** Reads a file named as `dataDirPath` names it (`<area>/<key>`), e.g. a mail attachment. */
export function readDataDirFile(dataDir: string, relPath: string): Promise<Buffer> {
  const [area, ...rest] = relPath.split('/');
  return dataDirStore(dataDir, area!).read(rest.join('/'));
}

/**
 * An installation that ran with DATABASE_URL before files were shared kept them under
 * DATA_DIR: copies every file of the given areas into stored_files (keeping a row that is
 * already there), so rows that point at them keep working. The local files stay; they
 * can be removed once every process runs this version. Returns how many were copied.
 */
export async function importLocalFiles(
  dataDir: string,
  database: Database,
  areas: readonly string[] = ['uploads', 'registrations', 'documents'],
): Promise<number> {
  let copied = 0;
  for (const area of areas) {
    const root = path.join(dataDir, area);
    const walk = async (dir: string): Promise<void> => {
      const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.isFile() && !e.name.endsWith('.part')) {
          const key = path.relative(root, full).split(path.sep).join('/');
          const bytes = await readFile(full);
          const rows = await database.query(
            `INSERT INTO stored_files (area, key, bytes, size, sha256) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (area, key) DO NOTHING RETURNING key`,
            [area, key, bytes, bytes.length, sha256(bytes)],
          );
          copied += rows.length;
        }
      }
    };
    await walk(root);
  }
  return copied;
}
