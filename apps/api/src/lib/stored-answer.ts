import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { processAlive } from './data-dir-lock';

/** An answer's bytes kept in a file rather than the heap. */
export interface StoredBody {
  path: string;
  size: number;
}

interface Stored {
  etag: string;
  json: StoredBody;
  gzip: StoredBody;
  br: StoredBody;
}

const PREFIX = 'hpbc-answers-';
let folder: string | undefined;

/**
 * This process's folder for stored answers, in the system's temporary folder (TMPDIR): made
 * on first use, removed when the process exits; those of processes that died without
 * removing theirs are removed then too. Each process of a cluster makes its own.
 */
export function answersFolder(): string {
  if (folder) return folder;
  const base = tmpdir();
  for (const name of readdirSync(base)) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && !processAlive(Number(pid))) rmSync(path.join(base, name), { recursive: true, force: true });
  }
  const made = mkdtempSync(path.join(base, `${PREFIX}${process.pid}-`));
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return (folder = made);
}

/** The ETag of the bytes a hash has read: a strong validator of exactly this representation. */
export function etagOfHash(hash: Hash): string {
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

export function isStored(answer: { json: unknown }): answer is Stored {
  return !Buffer.isBuffer(answer.json);
}

/** Removes a replaced answer's files (a request still reading one keeps it open until done). */
export function discardStored(answer: Stored): void {
  for (const body of [answer.json, answer.gzip, answer.br]) void unlink(body.path).catch(() => undefined);
}

/**
 * Writes an answer whose pieces are read one at a time (`held`, then the rest of `pieces`):
 * the plain bytes, gzip (level 9) and brotli (quality 5, as prepareBytes for a body over
 * 1 MB) into three files, hashing the plain bytes for the ETag. Each write waits for the
 * slowest file, so the heap holds about one piece whatever the list's size
 * (docs/decisions/110).
 */
export async function storeAnswer(held: readonly Buffer[], pieces: AsyncIterator<Buffer | string>): Promise<Stored> {
  const name = path.join(answersFolder(), randomUUID());
  const paths = { json: `${name}.body`, gzip: `${name}.gz`, br: `${name}.br` };
  const hash = createHash('sha256');
  const files = {
    json: createWriteStream(paths.json),
    gzip: createWriteStream(paths.gzip),
    br: createWriteStream(paths.br),
  };
  const gzip = createGzip({ level: 9 });
  const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  gzip.pipe(files.gzip);
  br.pipe(files.br);
  const inputs: Writable[] = [files.json, gzip, br];
  const all: (Writable | WriteStream)[] = [...inputs, files.gzip, files.br];
  // A file that fails (a full disk) stops the answer rather than leaving a write waiting.
  const failed = new Promise<never>((_, reject) => {
    for (const stream of all) stream.once('error', reject);
  });
  failed.catch(() => undefined);
  const write = async (piece: Buffer) => {
    hash.update(piece);
    const full = inputs.filter((input) => !input.write(piece));
    if (full.length) await Promise.race([Promise.all(full.map((input) => once(input, 'drain'))), failed]);
  };
  try {
    for (const piece of held) await write(piece);
    for (;;) {
      const next = await pieces.next();
      if (next.done) break;
      await write(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
    }
    for (const input of inputs) input.end();
    await Promise.race([Promise.all(Object.values(files).map((file) => finished(file))), failed]);
    const body = async (file: string): Promise<StoredBody> => ({ path: file, size: (await stat(file)).size });
    return {
      etag: etagOfHash(hash),
      json: await body(paths.json),
      gzip: await body(paths.gzip),
      br: await body(paths.br),
    };
  } catch (err) {
    for (const stream of all) stream.destroy();
    await pieces.return?.();
    for (const file of Object.values(paths)) await unlink(file).catch(() => undefined);
    throw err;
  }
}
