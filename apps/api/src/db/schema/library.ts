import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parentId } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The eight volumes of the Myanmar National Building Code. */
export const libraryDocuments = pgTable('library_documents', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** Served path, e.g. /library/part-1.pdf */
  filePath: text('file_path').notNull(),
  pageCount: integer('page_count').notNull().default(0),
  sha256: text('sha256'),
  indexedAt: timestamp('indexed_at', { withTimezone: true, mode: 'date' }),
  /** Title or description changed by an administrator: the indexer keeps them. */
  edited: boolean('edited').notNull().default(false),
  /** A replacement file waiting to be indexed; the current file serves until then. */
  pendingFileKey: text('pending_file_key'),
  /** The background indexing job: idle, indexing or failed, with pages done of total. */
  indexState: text('index_state').notNull().default('idle'),
  indexDone: integer('index_done').notNull().default(0),
  indexTotal: integer('index_total').notNull().default(0),
});

/** Text of each PDF page, extracted when the document is added, for full-text search. */
export const libraryPages = pgTable(
  'library_pages',
  {
    documentId: parentId('document_id', () => libraryDocuments.id),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    /**
     * The words of the page for full-text search; the 'simple' configuration keeps every word
     * as written (no English stemming), which suits a code of terms and clause numbers.
     * Stored, so ranking does not parse every matching page again.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', "text")`),
    /**
     * The page lower-cased without spaces or line breaks, for substring search: Burmese has
     * no spaces between words, and PDF text extraction adds spaces of its own.
     */
    foldedText: text('folded_text').generatedAlwaysAs(sql`translate(lower("text"), ' ' || chr(10), '')`),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.pageNumber] }),
    index('library_pages_doc_idx').on(t.documentId),
    index('library_pages_search_vector_idx').using('gin', t.searchVector),
  ],
);
