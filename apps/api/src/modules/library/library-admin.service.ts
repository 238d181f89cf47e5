import type { FastifyBaseLogger } from 'fastify';
import {
  LIBRARY_DOCUMENTS,
  LIBRARY_MAX_BYTES,
  messageCode,
  rule,
  type AdminLibraryDocument,
  type LibraryDocumentEdit,
} from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { cleanFileName, dataDirStore, pdfUploadProblem, sha256 } from '../../lib/file-store/file-store';
import type { UploadedFile } from '../../lib/file-store/multipart';
import { HttpError, ValidationError, forbidden } from '../../lib/http-errors';
import { contentChanged } from '../../lib/content-changed';
import { recordAudit } from '../audit/audit.repository';
import { libraryAdminRepository, type LibraryDocumentRow } from './library-admin.repository';
import { libraryKey } from './library.indexer';
import { libraryRepository } from './library.repository';
import { extractPdfPagesApart } from './pdf-text-thread';

const toJson = ({ sha256: _s, pending_file_key: _k, ...rest }: LibraryDocumentRow): AdminLibraryDocument => rest;

/**
 * The library for administrators: edit a volume's title and description, and replace its
 * PDF. A new file waits under library-pending/ while a background job extracts its pages
 * (progress kept on the row); only then does it take the volume's place and its pages
 * replace the old ones, in one step, so search and the viewer never see half a change.
 */
export function libraryAdminService(deps: ModuleDeps & { log?: Pick<FastifyBaseLogger, 'error'> }) {
  const { database, now } = deps;
  const repo = libraryAdminRepository(database.db);
  const store = dataDirStore(deps.config.dataDir, 'documents');
  const jobs = new Map<number, Promise<void>>();
  const check = (actor: Actor) => {
    if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
  };
  const missing = () => new HttpError(404, messageCode('library_document_not_found'));

  async function index(id: number, pendingKey: string): Promise<void> {
    const doc = LIBRARY_DOCUMENTS.find((d) => d.id === id)!;
    try {
      const bytes = await store.read(pendingKey);
      let last = 0;
      const pages = await extractPdfPagesApart(bytes, async (done, total) => {
        // A write every few pages is enough for a progress bar.
        if (done === total || done - last >= 5) {
          last = done;
          await repo.progress(id, done, total);
        }
      });
      // The new file takes the volume's name first: if the database step fails, the next
      // start's indexer sees a changed file and indexes it again.
      await store.write(libraryKey(doc), bytes);
      const current = await repo.find(id);
      await libraryRepository(database).replacePages(
        { ...doc, title: current?.title ?? doc.title, description: current?.description ?? doc.description },
        sha256(bytes),
        pages,
        now(),
      );
      await repo.finish(id, 'idle');
    } catch (err) {
      deps.log?.error({ err: { message: (err as Error).message }, document: id }, 'library volume not re-indexed');
      await repo.finish(id, 'failed');
    } finally {
      await store.discard(pendingKey).catch(() => undefined);
      contentChanged(database, 'library');
    }
  }

  return {
    async list(actor: Actor): Promise<AdminLibraryDocument[]> {
      check(actor);
      return (await repo.list()).map(toJson);
    },

    async get(actor: Actor, id: number | null): Promise<AdminLibraryDocument> {
      check(actor);
      const row = id !== null ? await repo.find(id) : undefined;
      if (!row) throw missing();
      return toJson(row);
    },

    async edit(actor: Actor, id: number | null, input: LibraryDocumentEdit): Promise<AdminLibraryDocument> {
      check(actor);
      const before = id !== null ? await repo.find(id) : undefined;
      if (!before || id === null) throw missing();
      const after = await withTransaction(database.db, async (tx) => {
        const r = libraryAdminRepository(tx);
        await r.updateText(id, input.title.trim(), input.description.trim());
        const saved = (await r.find(id))!;
        await recordAudit(tx, actor, {
          action: 'update',
          recordType: 'library_document',
          recordId: id,
          before: { title: before.title, description: before.description },
          after: { title: saved.title, description: saved.description },
        });
        return saved;
      });
      contentChanged(database, 'library');
      return toJson(after);
    },

    /** Checks and keeps the new file, logs the change, and starts indexing it in the background. */
    async replaceFile(actor: Actor, id: number | null, file: UploadedFile | undefined): Promise<AdminLibraryDocument> {
      check(actor);
      const row = id !== null ? await repo.find(id) : undefined;
      if (!row || id === null) throw missing();
      if (!file || 'tooMany' in file) throw new ValidationError({ file: [rule('required', 'file')] });
      if ('tooLarge' in file || file.bytes.length > LIBRARY_MAX_BYTES) {
        throw new ValidationError({ file: [rule('pdf_too_large', 'file', LIBRARY_MAX_BYTES / 1024 / 1024)] });
      }
      const problem = await pdfUploadProblem(file.bytes);
      if (problem) throw new ValidationError({ file: [rule(problem, 'file')] });
      if (row.index_state === 'indexing' || jobs.has(id)) throw new HttpError(409, messageCode('library_indexing'));

      const at = now();
      const saved = await store.save('library-pending', file.bytes, at, '.pdf');
      const after = await withTransaction(database.db, async (tx) => {
        const r = libraryAdminRepository(tx);
        await r.markPending(id, saved.key);
        await recordAudit(tx, actor, {
          action: 'replace_file',
          recordType: 'library_document',
          recordId: id,
          before: { sha256: row.sha256, page_count: row.page_count, indexed_at: row.indexed_at },
          after: {
            sha256: saved.sha256,
            bytes: file.bytes.length,
            file_name: cleanFileName(file.filename, 'volume.pdf'),
          },
        });
        return (await r.find(id))!;
      });
      const job = index(id, saved.key).finally(() => jobs.delete(id));
      jobs.set(id, job);
      return toJson(after);
    },

    /**
     * At start-up: a job that was running when a process stopped will not finish; its row
     * is marked failed (the old file still serves) so the volume can be replaced again.
     */
    async recoverInterrupted(): Promise<void> {
      await repo.failInterrupted();
    },

    /** Resolves when every indexing job of this process has ended (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...jobs.values()]);
    },
  };
}
