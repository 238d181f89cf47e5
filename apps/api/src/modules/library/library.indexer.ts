import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LIBRARY_DOCUMENTS, type LibraryDocument } from '@hpbc/shared';
import type { Database } from '../../db/client';
import { contentChanged } from '../../lib/content-changed';
import { localFileStore, sha256 as sha256Hex, type FileStore } from '../../lib/file-store/file-store';
import { extractPdfPagesApart } from './pdf-text-thread';
import { libraryRepository } from './library.repository';

export interface IndexOptions {
  database: Database;
  /** DATA_DIR/documents; volume N is library/part-N.pdf under it. */
  documentsDir: string;
  /** The documents store to read instead (the shared one with DATABASE_URL); a local store of documentsDir when absent. */
  store?: FileStore;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** Re-extract even when the file has not changed. */
  force?: boolean;
}

export interface IndexReport {
  indexed: number[];
  unchanged: number[];
  missing: number[];
  failed: number[];
}

/**
 * When text extraction last changed: pages indexed before then are extracted again at the
 * next start, so an improvement reaches volumes whose files did not change.
 */
export const EXTRACTION_CHANGED_AT = new Date('2026-11-22T00:00:00Z');

/** The key of a volume in the documents store: library/part-N.pdf. */
export function libraryKey(doc: LibraryDocument): string {
  return path.posix.join('library', path.basename(doc.filePath));
}

/**
 * Extracts the text of every volume whose file is new or changed (by SHA-256) into
 * library_pages, page by page. Run after seeding and at every start; unchanged files
 * cost one hash each. A volume that cannot be read is logged and left out of search,
 * never a reason to stop the portal.
 */
export async function indexLibrary(opts: IndexOptions): Promise<IndexReport> {
  const repo = libraryRepository(opts.database);
  const now = opts.now ?? (() => new Date());
  const report: IndexReport = { indexed: [], unchanged: [], missing: [], failed: [] };
  const store = opts.store ?? localFileStore({ root: opts.documentsDir, dataDirPrefix: 'documents' });
  for (const doc of LIBRARY_DOCUMENTS) {
    const data = await store.readIfPresent(libraryKey(doc));
    if (!data) {
      report.missing.push(doc.id);
      if ((await repo.indexedHash(doc.id)) !== undefined) await repo.replacePages(doc, null, [], now());
      continue;
    }
    const sha256 = sha256Hex(data);
    if (!opts.force && (await repo.indexedHash(doc.id, EXTRACTION_CHANGED_AT)) === sha256) {
      report.unchanged.push(doc.id);
      continue;
    }
    try {
      const pages = await extractPdfPagesApart(data);
      await repo.replacePages(doc, sha256, pages, now());
      report.indexed.push(doc.id);
    } catch (err) {
      report.failed.push(doc.id);
      opts.log?.error({ err: { message: (err as Error).message }, document: doc.id }, 'library volume not indexed');
    }
  }
  if (report.missing.length) opts.log?.warn({ missing: report.missing }, 'library volumes missing');
  if (report.indexed.length) opts.log?.info({ indexed: report.indexed }, 'library volumes indexed for search');
  // Searches answered from memory in this process see the new pages at once.
  if (report.indexed.length || report.missing.length) contentChanged(opts.database, 'library');
  return report;
}
