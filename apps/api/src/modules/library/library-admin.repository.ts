import { asc, eq } from 'drizzle-orm';
import type { AdminLibraryDocument } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { libraryDocuments } from '../../db/schema/index';

const columns = {
  id: libraryDocuments.id,
  title: libraryDocuments.title,
  description: libraryDocuments.description,
  file_path: libraryDocuments.filePath,
  page_count: libraryDocuments.pageCount,
  sha256: libraryDocuments.sha256,
  indexed_at: libraryDocuments.indexedAt,
  index_state: libraryDocuments.indexState,
  index_done: libraryDocuments.indexDone,
  index_total: libraryDocuments.indexTotal,
  pending_file_key: libraryDocuments.pendingFileKey,
};

export type LibraryDocumentRow = AdminLibraryDocument & { sha256: string | null; pending_file_key: string | null };

type Raw = Omit<LibraryDocumentRow, 'indexed_at' | 'pending' | 'index_state'> & {
  indexed_at: Date | null;
  index_state: string;
};
const shape = (r: Raw): LibraryDocumentRow => ({
  ...r,
  indexed_at: r.indexed_at ? r.indexed_at.toISOString() : null,
  index_state: r.index_state as AdminLibraryDocument['index_state'],
  pending: r.pending_file_key !== null,
});

/** The library volumes as administrators manage them; `db` may be a transaction. */
export function libraryAdminRepository(db: Db) {
  return {
    async list(): Promise<LibraryDocumentRow[]> {
      return ((await db.select(columns).from(libraryDocuments).orderBy(asc(libraryDocuments.id))) as Raw[]).map(shape);
    },
    async find(id: number): Promise<LibraryDocumentRow | undefined> {
      const rows = (await db.select(columns).from(libraryDocuments).where(eq(libraryDocuments.id, id))) as Raw[];
      return rows[0] ? shape(rows[0]) : undefined;
    },
    async updateText(id: number, title: string, description: string): Promise<void> {
      await db.update(libraryDocuments).set({ title, description, edited: true }).where(eq(libraryDocuments.id, id));
    },
    async markPending(id: number, key: string): Promise<void> {
      await db
        .update(libraryDocuments)
        .set({ pendingFileKey: key, indexState: 'indexing', indexDone: 0, indexTotal: 0 })
        .where(eq(libraryDocuments.id, id));
    },
    async progress(id: number, done: number, total: number): Promise<void> {
      await db.update(libraryDocuments).set({ indexDone: done, indexTotal: total }).where(eq(libraryDocuments.id, id));
    },
    async failInterrupted(): Promise<void> {
      await db
        .update(libraryDocuments)
        .set({ pendingFileKey: null, indexState: 'failed' })
        .where(eq(libraryDocuments.indexState, 'indexing'));
    },
    async finish(id: number, state: 'idle' | 'failed'): Promise<void> {
      await db
        .update(libraryDocuments)
        .set({ pendingFileKey: null, indexState: state })
        .where(eq(libraryDocuments.id, id));
    },
  };
}
