import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { safePdfName } from '../../lib/upload-name';

type PdfJs = typeof PdfJsModule;

/** Where cover letters live, relative to DATA_DIR/uploads (the form stored in service_requests). */
const FOLDER = 'service-requests';
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

/** A name that is safe to show and to put in a header (lib/upload-name.ts): always ending in `.pdf`. */
export function cleanFileName(name: string | undefined): string {
  return safePdfName(name, 'cover-letter.pdf');
}

export function coverLetterStore(dataDir: string) {
  const root = path.join(dataDir, 'uploads');
  const resolve = (relPath: string) => {
    const full = path.resolve(root, relPath);
    if (!full.startsWith(root + path.sep)) throw new Error('cover letter path escapes the upload folder');
    return full;
  };

  return {
    /**
     * Writes the file under <yyyy>/<uuid>.pdf and makes it durable before the database
     * row that points at it exists: temporary name, fsync, rename, fsync of the folder.
     */
    async save(bytes: Buffer, at: Date): Promise<{ relPath: string; sha256: string }> {
      const relPath = path.posix.join(FOLDER, String(at.getUTCFullYear()), `${randomUUID()}.pdf`);
      const full = resolve(relPath);
      const dir = path.dirname(full);
      await mkdir(dir, { recursive: true });
      const tmp = `${full}.part`;
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
      return { relPath, sha256: sha256(bytes) };
    },
    read(relPath: string): Promise<Buffer> {
      return readFile(resolve(relPath));
    },
    /** Removes a file whose database row could not be written. */
    async discard(relPath: string): Promise<void> {
      await rm(resolve(relPath), { force: true });
    },
    /** The path relative to DATA_DIR, as the mail outbox wants attachments. */
    dataDirPath(relPath: string): string {
      return path.posix.join('uploads', relPath);
    },
  };
}
export type CoverLetterStore = ReturnType<typeof coverLetterStore>;
